# Sourced by the CI steps that need Python packages from PyPI.
#
# ci_venv DIR REQUIREMENT…: a venv in DIR (under .build, so nothing lands in the checkout) with
# exactly these pinned requirements; made again only when the list changes.
ci_venv() {
    local venv=$1
    shift
    local wanted="$*"
    if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.requirements" 2>/dev/null)" = "$wanted" ]; then
        return
    fi
    python3 -m venv --clear "$venv" 2>/dev/null || {
        # Debian's python3 has no venv module until python3-venv is installed.
        local sudo=()
        if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then sudo=(sudo); fi
        "${sudo[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq python3-venv
        python3 -m venv --clear "$venv"
    }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$@"
    echo "$wanted" >"$venv/.requirements"
}
