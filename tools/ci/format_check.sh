#!/usr/bin/env bash
# Every C++ file the project holds is formatted as .clang-format says (Debian's clang-format).
# To fix: git ls-files '*.cpp' '*.h' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run -Werror
echo "format_check: every C++ file is formatted"
