#!/bin/bash
# Lays out the root filesystem of a service image (Compose/Dockerfile, stages prebuilt-root and
# toolchain-root), to be copied whole into an image FROM scratch:
#
#   service-rootfs BINARY SWIFT_RUNTIME_DIR ROOT
#
# ROOT gets the service (/usr/local/bin/service), every shared library it loads as `ldd` resolves
# it in this stage (with the Swift runtime libraries of SWIFT_RUNTIME_DIR, if any, under
# /usr/lib/swift/linux), bash and its libraries for the healthcheck (/usr/local/bin/healthcheck),
# Debian's CA bundle, the configuration (/etc/subscriptions), the user `subscriptions` (uid
# 10001) owning /var/lib/subscriptions, and nothing else: no package manager, no coreutils, no
# other shell or tool.
set -euo pipefail
binary=$1 swift_runtime=$2 root=$3
share=/usr/local/share/subscriptions

[ -x "$binary" ] || { echo "service-rootfs: no executable $binary" >&2; exit 1; }
mkdir -p "$root"/usr/{bin,sbin,lib,lib64} "$root"/usr/local/bin "$root"/etc/ssl/certs "$root"/tmp "$root"/var/lib/subscriptions
# Debian 12's merged /usr: the loader's path /lib64/ld-linux-x86-64.so.2 and bash's /bin/bash.
for link in bin sbin lib lib64; do ln -s "usr/$link" "$root/$link"; done
chmod 1777 "$root/tmp"

# Swift runtime libraries of a build without --static-swift-stdlib: found through ld.so.cache,
# here for ldd and in ROOT for the loader.
if [ -d "$swift_runtime" ] && [ -n "$(ls -A "$swift_runtime")" ]; then
    mkdir -p /usr/lib/swift/linux "$root/usr/lib/swift/linux"
    cp -a "$swift_runtime"/. /usr/lib/swift/linux/
    echo /usr/lib/swift/linux > /etc/ld.so.conf.d/swift-runtime.conf
    ldconfig
    printf '%s\n' /usr/lib/swift/linux /usr/lib/x86_64-linux-gnu > "$root/etc/ld.so.conf"
fi

# Copies FILE (dereferenced) to ROOT under the same name, its folder's symbolic links resolved.
place() {
    local directory
    directory=$(readlink -f "$(dirname "$1")")
    mkdir -p "$root$directory"
    cp -L --preserve=mode "$1" "$root$directory/$(basename "$1")"
}
# Every library ldd resolves for EXECUTABLE; a library it cannot find stops the build.
libraries_of() {
    local listing
    listing=$(ldd "$1")
    if grep -q 'not found' <<<"$listing"; then
        echo "service-rootfs: $1 needs libraries this stage lacks:" >&2
        grep 'not found' <<<"$listing" >&2
        exit 1
    fi
    awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}' <<<"$listing"
}
for library in $(libraries_of "$binary") $(libraries_of /usr/bin/bash); do place "$library"; done
[ -f "$root/etc/ld.so.conf" ] && ldconfig -r "$root"

place /usr/bin/bash
install -m 0755 "$binary" "$root/usr/local/bin/service"
install -m 0755 "$share/healthcheck" "$root/usr/local/bin/healthcheck"
cp -r "$share/config" "$root/etc/subscriptions"
cp -L /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
cp -L /etc/os-release "$root/etc/os-release"

cat > "$root/etc/passwd" <<'PASSWD'
root:x:0:0:root:/root:/usr/sbin/nologin
subscriptions:x:10001:10001:subscriptions:/nonexistent:/usr/sbin/nologin
PASSWD
cat > "$root/etc/group" <<'GROUP'
root:x:0:
subscriptions:x:10001:
GROUP
printf 'passwd: files\ngroup: files\nhosts: files dns\n' > "$root/etc/nsswitch.conf"
chown 10001:10001 "$root/var/lib/subscriptions"
chmod 0750 "$root/var/lib/subscriptions"
echo "service-rootfs: $(basename "$binary"): $(find "$root" -type f | wc -l) files, $(du -sm "$root" | cut -f1) MB"
