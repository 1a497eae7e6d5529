#!/bin/sh
# Builds the real Dockerfile with podman on a machine without a Docker engine
# (npm run test:image). Needs root, podman and debootstrap (apt-get install -y
# podman debootstrap) and the network (Debian mirror, npm registry).
#  1. a local base image: debootstrap --variant=minbase bookworm, plus the
#     project's own Node 24 (node_modules/node) and npm, and the user `node`
#     (uid 1000) that the public node images have; tagged BASE_TAG.
#  2. podman build --isolation chroot of the Dockerfile with NODE_IMAGE=BASE_TAG
#     (the Dockerfile's default stays the public node:24-bookworm-slim).
# The root file system is kept in IMAGE_WORK between runs; the base is rebuilt
# only when its tag is missing. Prints the seconds each step took.
set -eu

repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="${IMAGE_WORK:-/var/tmp/discovery-image}"
base_tag="${BASE_TAG:-localhost/discovery-base:bookworm-node24}"
image_tag="${IMAGE_TAG:-localhost/schema-discovery:test}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
rootfs="$work/rootfs"

step() { printf '[image] %s\n' "$*" >&2; }

if [ "$(id -u)" != 0 ]; then echo "build-image: needs root (podman build --isolation chroot, debootstrap)" >&2; exit 2; fi
for tool in podman debootstrap; do
  command -v "$tool" >/dev/null || { echo "build-image: $tool is missing: apt-get install -y podman debootstrap" >&2; exit 2; }
done

if ! podman image exists "$base_tag"; then
  started=$(date +%s)
  mkdir -p "$work"
  if [ ! -x "$rootfs/usr/bin/apt-get" ]; then
    step "debootstrap --variant=minbase bookworm into $rootfs"
    rm -rf "$rootfs"
    debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
      || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  fi
  if [ ! -s "$rootfs/etc/ssl/certs/ca-certificates.crt" ]; then
    step "installing ca-certificates in the base (npm reaches the registry over TLS)"
    chroot "$rootfs" apt-get install -y -qq ca-certificates >/dev/null
  fi
  # The host's trust store (it may hold the CA of a TLS-inspecting egress proxy),
  # so npm inside the build reaches the registry as it does on the host.
  host_ca="${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}"
  if [ -s "$host_ca" ]; then cp "$host_ca" "$rootfs/etc/ssl/certs/ca-certificates.crt"; fi
  step "adding Node $("$repo/node_modules/node/bin/node" --version) (node_modules/node) and npm $(npm --version)"
  install -m 0755 "$repo/node_modules/node/bin/node" "$rootfs/usr/local/bin/node"
  rm -rf "$rootfs/usr/local/lib/node_modules/npm"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -R "$(npm root -g)/npm" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" sh -c 'id node >/dev/null 2>&1 || { groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/sh node; }'
  chroot "$rootfs" sh -c 'apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin'
  step "importing the base as $base_tag"
  tar -C "$rootfs" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'CMD ["node"]' - "$base_tag" >/dev/null
  step "base ready in $(( $(date +%s) - started ))s"
fi

started=$(date +%s)
step "podman build --isolation chroot --build-arg NODE_IMAGE=$base_tag -t $image_tag"
podman build --isolation chroot --build-arg "NODE_IMAGE=$base_tag" -t "$image_tag" -f "$repo/Dockerfile" "$repo" >&2
step "image built in $(( $(date +%s) - started ))s"
echo "$image_tag"
