#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (a test tool's own browser
# download does not work here). Install it when missing and possible.
set -euo pipefail
bin=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$bin" ] && exit 0
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable browser." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo"; fi
fi
if command -v apt-get >/dev/null && { [ "$(id -u)" = 0 ] || [ -n "$sudo" ]; }; then
  echo "Installing Debian's Chromium for the browser tests: apt-get install -y chromium"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
cat >&2 <<'MSG'
The browser tests need Chromium at /usr/bin/chromium, and it could not be installed here.
Install it (Debian/Ubuntu): sudo apt-get install -y chromium
or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.
MSG
exit 1
