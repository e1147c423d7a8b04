#!/usr/bin/env python3
"""Check that every url(...) in the vendored and site CSS resolves to a vendored file.

Run after vendor.sh: python3 tools/vendor/check.py  (exit 1 and a list if any is missing).
"""

import re
import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "dogtag" / "static"
URL = re.compile(r"""url\(\s*(['"]?)([^'")]*)\1\s*\)""")


def main() -> int:
    missing, seen = [], 0
    for css in sorted(STATIC.rglob("*.css")):
        text = css.read_text(encoding="utf-8")
        if "sourceMappingURL" in text:
            name = css.relative_to(STATIC)
            missing.append(f"{name}: sourceMappingURL left in (no .map is vendored)")
        for ref in sorted({m.group(2) for m in URL.finditer(text)}):
            if not ref or ref.startswith(("data:", "#", "http:", "https:", "//")):
                continue
            seen += 1
            target = (css.parent / ref.split("?")[0].split("#")[0]).resolve()
            if not target.is_file():
                missing.append(f"{css.relative_to(STATIC)}: {ref}")
    for line in missing:
        print("MISSING", line)
    print(f"{seen} url() references checked, {len(missing)} missing")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
