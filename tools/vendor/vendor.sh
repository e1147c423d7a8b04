#!/usr/bin/env bash
# Vendor USWDS and htmx into src/dogtag/static/vendor/ from the versions pinned
# in package-lock.json. Copies only what the site loads: the minified CSS/JS,
# the font and image files that uswds.min.css references by url(), the banner
# images, the icon sprite, and each package's licence.
# Also vendors axe-core into tests/browser/vendor/ for the accessibility test
# (never served by the site: the tests inject it into the page themselves).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
dest="$repo/src/dogtag/static/vendor"

cd "$here"
npm ci --no-audit --no-fund --silent

uswds_src="$here/node_modules/@uswds/uswds/dist"
htmx_src="$here/node_modules/htmx.org"
uswds_dest="$dest/uswds"
htmx_dest="$dest/htmx"

# Start clean so files dropped by a new version do not linger.
rm -rf "$dest"
mkdir -p "$uswds_dest/css" "$uswds_dest/js" "$uswds_dest/img" "$htmx_dest"

copy() { # copy SRC DEST, creating DEST's folder
  mkdir -p "$(dirname "$2")"
  cp "$1" "$2"
}

# --- USWDS ---------------------------------------------------------------
copy "$uswds_src/css/uswds.min.css" "$uswds_dest/css/uswds.min.css"
copy "$uswds_src/js/uswds.min.js" "$uswds_dest/js/uswds.min.js"
copy "$uswds_src/js/uswds-init.min.js" "$uswds_dest/js/uswds-init.min.js"
copy "$here/node_modules/@uswds/uswds/LICENSE.md" "$uswds_dest/LICENSE.md"

# The .map files are not vendored, so drop the comments that point at them:
# Django's ManifestStaticFilesStorage (and WhiteNoise's) fails collectstatic
# on a sourceMappingURL whose file is missing.
strip_sourcemap() {
  sed -i -e '/^\/\*# sourceMappingURL=.*\*\/$/d' -e '/^\/\/# sourceMappingURL=/d' "$@"
}
strip_sourcemap "$uswds_dest/css/uswds.min.css" "$uswds_dest/js/"*.min.js

# Every relative url(...) in the CSS (fonts and images), resolved from css/.
# Empty url() (used in @supports tests) and data: URIs are skipped.
missing=0
while IFS= read -r ref; do
  [[ -z "$ref" || "$ref" == data:* ]] && continue
  rel="${ref#../}"
  if [[ -f "$uswds_src/$rel" ]]; then
    copy "$uswds_src/$rel" "$uswds_dest/$rel"
  else
    echo "vendor.sh: uswds.min.css references missing file: $ref" >&2
    missing=1
  fi
done < <(grep -o 'url([^)]*)' "$uswds_src/css/uswds.min.css" \
  | sed -e 's/^url(//' -e 's/)$//' -e "s/[\"']//g" -e 's/[?#].*$//' \
  | sort -u)

# Images used by the templates' HTML rather than by the CSS.
for img in sprite.svg us_flag_small.png icon-dot-gov.svg icon-https.svg; do
  copy "$uswds_src/img/$img" "$uswds_dest/img/$img"
done

# --- htmx ----------------------------------------------------------------
copy "$htmx_src/dist/htmx.min.js" "$htmx_dest/htmx.min.js"
copy "$htmx_src/LICENSE" "$htmx_dest/LICENSE"
strip_sourcemap "$htmx_dest/htmx.min.js"

# --- axe-core (tests only) -------------------------------------------------
axe_dest="$repo/tests/browser/vendor"
rm -rf "$axe_dest"
mkdir -p "$axe_dest"
copy "$here/node_modules/axe-core/axe.min.js" "$axe_dest/axe.min.js"
copy "$here/node_modules/axe-core/LICENSE" "$axe_dest/LICENSE"
copy "$here/node_modules/axe-core/LICENSE-3RD-PARTY.txt" "$axe_dest/LICENSE-3RD-PARTY.txt"
node -e '
  console.log("axe-core@" + require("./package-lock.json").packages["node_modules/axe-core"].version);
' > "$axe_dest/VERSION.txt"

# Record what was vendored.
node -e '
  const lock = require("./package-lock.json").packages;
  for (const p of ["@uswds/uswds", "htmx.org"]) {
    console.log(p + "@" + lock["node_modules/" + p].version);
  }
' > "$dest/VERSIONS.txt"

echo "Vendored into ${dest#"$repo"/}:"
cat "$dest/VERSIONS.txt"
du -sh "$dest"
echo "Vendored into ${axe_dest#"$repo"/}: $(cat "$axe_dest/VERSION.txt")"
exit "$missing"
