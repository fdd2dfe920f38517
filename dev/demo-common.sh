# Shared by the demo scripts (sourced, not run): messages, the one flag parser and the checks
# every demo makes before it touches anything. The sourcing script sets SCRIPT (its name in
# messages) and USAGE (its usage line), and may set EXTRA_FLAGS (flag names it takes besides
# --out, each stored in the upper-cased variable of the same name: --story -> STORY).

usage() {
    echo "usage: $USAGE" >&2
    exit 2
}

die() {
    echo "$SCRIPT: $*" >&2
    exit 1
}

step() { printf '\n==> %s\n' "$*"; }

# parse_demo_flags "$0" "$@": --out DIR / --out=DIR, each of EXTRA_FLAGS the same way, -h.
parse_demo_flags() {
    local self="$1" name flag
    shift
    OUT=""
    while [ "$#" -gt 0 ]; do
        case "$1" in
            -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$self"; exit 0 ;;
            --*=*) flag="${1%%=*}"; name="${flag#--}"; _demo_set "$name" "${1#*=}"; shift ;;
            --*) name="${1#--}"; [ "$#" -ge 2 ] || usage; _demo_set "$name" "$2"; shift 2 ;;
            *) usage ;;
        esac
    done
}

_demo_set() {
    case " out ${EXTRA_FLAGS:-} " in
        *" $1 "*) printf -v "$(printf '%s' "$1" | tr '[:lower:]-' '[:upper:]_')" '%s' "$2" ;;
        *) usage ;;
    esac
}

# check_demo_tools: the interpreter (>= 3.10), git and the launcher exist; --out is new or empty.
check_demo_tools() {
    command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found; install Python >= 3.10"
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' ||
        die "Python >= 3.10 is required ($PYTHON is $("$PYTHON" --version 2>&1))"
    command -v git >/dev/null 2>&1 || die "git not found; install git"
    [ -x "$GAIA" ] || die "$GAIA not found or not executable"
    if [ -n "$OUT" ] && [ -e "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ]; then
        die "--out $OUT exists and is not empty; choose a new directory"
    fi
}
