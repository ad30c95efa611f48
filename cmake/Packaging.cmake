# `cpack -G DEB` in a build folder: a .deb that installs the executable, the desktop file, the
# icon and the glTF MIME types under /usr. Debian's desktop-file-utils, shared-mime-info and
# hicolor-icon-theme refresh their caches through dpkg triggers, so no maintainer scripts.
set(CPACK_PACKAGE_NAME tangent)
set(CPACK_PACKAGE_VENDOR "Tangent")
set(CPACK_PACKAGE_CONTACT "The Tangent developers <tangent@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Editor and command-line QA tool for glTF 2.0 animation curves")
set(CPACK_PACKAGE_DESCRIPTION
    "Tangent shows every channel of a glTF 2.0 animation with its keys and Bezier handles, edits them and "
    "saves only what was edited; its command line checks, simplifies and compares animations.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends from the libraries the executable links
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
set(CPACK_GENERATOR DEB)
include(CPack)
