# Offline stand-in for node:20-bookworm-slim (docker/offline/build-images.sh): a debootstrapped
# bookworm rootfs with the build host's own Node.js 20 and npm copied in, where the official
# image keeps them (/usr/local).
ARG BASE
FROM ${BASE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
# The build host's extra CA certificates (e.g. of a TLS-inspecting egress proxy in front of
# the npm registry), so `npm ci` in the app build trusts what the host trusts; often none.
COPY ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates >/dev/null \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
LABEL org.execboard.component="offline-node"
