#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` in the build folder makes a .deb whose files, once unpacked,
# make a .glb and a .gltf open with Tangent (the desktop file's MIME types, read back through
# the freedesktop caches and GIO, as a file manager's double-click does), and whose stripped
# executable runs.
#
#   tests/package/check_deb.sh BUILD_DIR FIXTURE.glb
set -euo pipefail
BUILD="$(realpath "$1")"
FIXTURE="$(realpath "$2")"
fail() { echo "check_deb: FAILED: $*" >&2; exit 1; }
for tool in cpack dpkg-deb desktop-file-validate update-desktop-database update-mime-database gio; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (./dev.sh setup installs it)"
done
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

(cd "$OUT" && cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$OUT/pkg" >"$OUT/cpack.log" 2>&1) ||
    { cat "$OUT/cpack.log" >&2; fail "cpack -G DEB"; }
DEB="$(ls "$OUT"/pkg/*.deb)"
echo "check_deb: $(basename "$DEB"), $(du -k "$DEB" | cut -f1) KiB"

[[ "$(dpkg-deb -f "$DEB" Package)" == tangent ]] || fail "the package is not named tangent"
depends="$(dpkg-deb -f "$DEB" Depends)"
[[ "$depends" == *libqt6widgets6* && "$depends" == *libqt6opengl6* ]] || fail "Depends lacks Qt: $depends"
contents="$(dpkg-deb -c "$DEB" | awk '{print $6}')"
for path in ./usr/bin/tangent ./usr/bin/tangent-gui ./usr/share/applications/tangent.desktop \
    ./usr/share/icons/hicolor/scalable/apps/tangent.svg ./usr/share/mime/packages/tangent.xml; do
    grep -qx "$path" <<<"$contents" || fail "$path is not in the package"
done

ROOTFS="$OUT/root"
dpkg-deb -x "$DEB" "$ROOTFS"
SHARE="$ROOTFS/usr/share"
desktop-file-validate "$SHARE/applications/tangent.desktop" || fail "the desktop file does not validate"
update-mime-database "$SHARE/mime" >/dev/null 2>&1  # (it notes that the folder is not searched yet)
update-desktop-database "$SHARE/applications"
for type in model/gltf-binary model/gltf+json; do
    grep -qx "$type=tangent.desktop;" "$SHARE/applications/mimeinfo.cache" ||
        fail "the desktop database does not give $type to tangent.desktop"
done

# What a file manager asks GIO, with the package's share folder and the system's, and no user
# settings: the type of a .glb and a .gltf, and that tangent.desktop opens it.
mkdir -p "$OUT/home/config" "$OUT/home/data" "$OUT/files"
cp "$FIXTURE" "$OUT/files/scene.glb"
printf '{"asset": {"version": "2.0"}}\n' >"$OUT/files/scene.gltf"
# GIO lists an application only when its Exec program is on PATH.
export PATH="$ROOTFS/usr/bin:$PATH"
export XDG_DATA_DIRS="$SHARE:/usr/share" XDG_DATA_HOME="$OUT/home/data" XDG_CONFIG_HOME="$OUT/home/config"
for file in scene.glb scene.gltf; do
    type="$(gio info -a standard::content-type "$OUT/files/$file" | sed -n 's/^ *standard::content-type: //p')"
    case "$file" in
        *.glb) [[ "$type" == model/gltf-binary ]] || fail "$file is $type, not model/gltf-binary" ;;
        *.gltf) [[ "$type" == model/gltf+json ]] || fail "$file is $type, not model/gltf+json" ;;
    esac
    apps="$(gio mime "$type")"
    [[ "$apps" == *"Default application for “$type”: tangent.desktop"* ]] ||
        fail "GIO does not open $type with tangent.desktop: $apps"
done

# The stripped executable runs (the command line needs no display).
"$ROOTFS/usr/bin/tangent" --version >/dev/null || fail "the packaged tangent does not run"
"$ROOTFS/usr/bin/tangent" validate "$FIXTURE" >/dev/null || fail "the packaged tangent cannot validate a file"
# render draws: tangent hands it to the packaged tangent-gui beside it.
QT_QPA_PLATFORM=offscreen "$ROOTFS/usr/bin/tangent" render "$FIXTURE" --channel 0:1 -o "$OUT/curve.png" ||
    fail "the packaged tangent cannot render through tangent-gui"
[[ -s "$OUT/curve.png" ]] || fail "the packaged tangent rendered nothing"
echo "check_deb: .glb and .gltf open with tangent.desktop; the packaged executables run"
