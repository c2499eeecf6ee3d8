# The analytics examples' tools, sourced by scripts/check-analytics.sh and scripts/benchmark.sh
# ($repo set): the venv with the pinned requirements (reinstalled only when they change), the
# generated Python classes, the C consumer. Sets `py` (the venv's python) and `c_tally`.
analytics_examples=$repo/Examples
analytics_venv=$repo/.build-tools/analytics-venv
analytics_requirements=$analytics_examples/analytics-python/requirements.txt
if [ ! -x "$analytics_venv/bin/python" ]; then
    echo "analytics: creating $analytics_venv" >&2
    python3 -m venv "$analytics_venv"
fi
if ! cmp -s "$analytics_requirements" "$analytics_venv/.requirements.txt"; then
    "$analytics_venv/bin/pip" install --quiet --disable-pip-version-check -r "$analytics_requirements"
    cp "$analytics_requirements" "$analytics_venv/.requirements.txt"
fi
py=$analytics_venv/bin/python
"$analytics_examples/analytics-python/generate.sh" >/dev/null
make -s -C "$analytics_examples/analytics-c" >/dev/null
c_tally=$analytics_examples/analytics-c/build/tally
