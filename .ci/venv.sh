# Sourced by the CI steps that need Python packages from PyPI.
#
# ci_venv DIR ARGUMENT…: a venv in DIR (under .build, so nothing lands in the checkout) with
# what `pip install ARGUMENT…` installs (pinned requirements, or -r FILE); made again only when
# the arguments, or a requirements file's text, change.
ci_venv() {
    local venv=$1
    shift
    local arguments=("$@") wanted="$*" index
    for ((index = 0; index + 1 < ${#arguments[@]}; index++)); do
        if [ "${arguments[index]}" = "-r" ]; then wanted+=$'\n'"$(cat "${arguments[index + 1]}")"; fi
    done
    if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.requirements" 2>/dev/null)" = "$wanted" ]; then
        return
    fi
    local python=/usr/bin/python3
    [ -x "$python" ] || python=python3
    "$python" -m venv --clear "$venv" 2>/dev/null || {
        # Debian's python3 has no venv module until python3-venv is installed.
        local sudo=()
        if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then sudo=(sudo); fi
        "${sudo[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq python3-venv
        "$python" -m venv --clear "$venv"
    }
    "$venv/bin/pip" install --quiet --disable-pip-version-check "${arguments[@]}"
    echo "$wanted" >"$venv/.requirements"
}
