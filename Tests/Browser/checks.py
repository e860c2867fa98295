"""What the browser scripts share: one line per check, and the first failure ends the script."""

import sys


def check(condition, message):
    """Prints "ok: MESSAGE" when `condition` holds; else "FAIL: MESSAGE", and exits with status 1."""
    if not condition:
        print("FAIL: " + message, flush=True)
        sys.exit(1)
    print("ok: " + message, flush=True)
