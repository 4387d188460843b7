#!/usr/bin/env bash
# Install what the real-VS-Code test (tests/test_vscode_real.py) needs, from the package
# registries only: code-server 4.100.3 (the newest that runs on Node 20) and playwright-core
# into work/editors/, driving Debian's Chromium. Debian packages: libkrb5-dev ripgrep chromium.
# @vscode/ripgrep's postinstall would download rg from GitHub: give it Debian's rg in the
# tarball it looks for first (../shared/docs/editor-testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
DEST=work/editors
mkdir -p "$DEST"
RG=$(command -v rg || true)
if [ -z "$RG" ]; then
    echo "install_code_server: ripgrep (rg) is not installed (apt-get install ripgrep)" >&2
    exit 1
fi
TMP=${TMPDIR:-/tmp}
CACHE="$TMP/vscode-ripgrep-cache-1.15.11"
mkdir -p "$CACHE"
STAGE=$(mktemp -d)
cp "$RG" "$STAGE/rg"
tar -C "$STAGE" -czf "$CACHE/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" rg
rm -rf "$STAGE"
cat > "$DEST/package.json" <<'JSON'
{"name": "lambre-editor-tests", "private": true, "version": "0.0.0"}
JSON
cd "$DEST"
npm_config_yes=true npm_config_unsafe_perm=true npm_config_fund=false npm_config_audit=false \
    npm install --no-save code-server@4.100.3 playwright-core@1.52.0 --foreground-scripts
test -x node_modules/.bin/code-server
echo "install_code_server: ok ($(XDG_CONFIG_HOME=$(mktemp -d) node_modules/.bin/code-server --version | tail -1))"
