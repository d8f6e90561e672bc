#!/usr/bin/env bash
# Writes Demo/comics-graph.dot, the program's wiring as `comics graph` prints it, so the file
# in the repository is always the real graph. With --check it changes nothing and fails when
# the file differs from what the program prints now (CI runs it so). Run from anywhere:
#
#     Demo/tools/make-comics-graph.sh            # rewrite the file
#     Demo/tools/make-comics-graph.sh --check    # compare only
#
# The program runs with a fixed, minimal environment, so the graph does not depend on who
# runs it (with no HOME, for instance, there would be no image store and fewer edges).
set -euo pipefail
cd "$(dirname "$0")/../.."

output=Demo/comics-graph.dot
check=0
case "${1:-}" in
    --check) check=1 ;;
    "") ;;
    *) echo "usage: $0 [--check]" >&2; exit 64 ;;
esac

swift build --product comics >/dev/null
bin="$(swift build --show-bin-path)/comics"
graph="$(mktemp)"
trap 'rm -f "$graph"' EXIT
env -i PATH="$PATH" HOME=/home/comics LANG=C.UTF-8 "$bin" graph >"$graph"

if [ "$check" -eq 1 ]; then
    if ! diff -u "$output" "$graph"; then
        echo "$output is not the graph the program prints; run $0 and commit the file" >&2
        exit 1
    fi
    echo "$output matches comics graph"
else
    cp "$graph" "$output"
    echo "wrote $output"
fi
