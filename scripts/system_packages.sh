#!/usr/bin/env bash
# Debian packages the test suite needs beyond Python: espeak-ng (speech with exact word times for the
# generated test clips), chromium and chromium-driver (tests/serve drive the web app in headless Chromium;
# no browser is downloaded). Installs only what is missing; as root directly, otherwise through sudo.
set -euo pipefail
PACKAGES=(espeak-ng chromium chromium-driver)
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "scripts/system_packages.sh: install these with your system's package manager: ${missing[*]}" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
echo "installing Debian packages: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
