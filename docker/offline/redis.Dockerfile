# Offline stand-in for redis:7 (docker/offline/build-images.sh): Debian's redis-server (7.0)
# on a debootstrapped rootfs; data in /data, like the official image.
ARG BASE
FROM ${BASE}
COPY redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN chmod 0755 /usr/local/bin/docker-entrypoint.sh && mkdir -p /data
WORKDIR /data
VOLUME /data
EXPOSE 6379
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["redis-server"]
LABEL org.execboard.component="offline-redis"
