# Offline stand-in for postgres:15 (docker/offline/build-images.sh): Debian's postgresql-15 on
# a debootstrapped rootfs, with an entrypoint that honours POSTGRES_USER/PASSWORD/DB.
ARG BASE
FROM ${BASE}
# The package's postinst made a "main" cluster; the entrypoint makes its own in PGDATA.
RUN rm -rf /var/lib/postgresql/15/main /etc/postgresql/15/main \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown postgres:postgres /var/lib/postgresql/data /var/run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 0755 /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PGDATA=/var/lib/postgresql/data LANG=C.UTF-8
VOLUME /var/lib/postgresql/data
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["postgres"]
LABEL org.execboard.component="offline-postgres"
