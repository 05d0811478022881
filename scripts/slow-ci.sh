#!/usr/bin/env bash
# Runs .ci/run on a clean clone of a commit on a runner made ~2.5-3x slower on purpose, to see how the suite
# behaves on a slow CI machine: one busy loop pinned on each core in a cgroup-v1 `cpu` group with cpu.shares 1536,
# the CI in a group with 1024, so the CI gets ~40 % of each core and every step is slower, single-threaded ones
# too. Needs root and cgroup v1's cpu controller (/sys/fs/cgroup/cpu), as on this project's machines.
#   scripts/slow-ci.sh [commit (default HEAD)] [folder for the clone (default a new one under /tmp)]
# The log goes to <folder>.log; the run's figures to <folder>/test-results/runs/ (scripts/test.mjs, .ci/run).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
commit=${1:-HEAD}
clone=${2:-$(mktemp -d /tmp/mirante-slow-ci.XXXXXX)}
cpu=/sys/fs/cgroup/cpu
[ -w "$cpu" ] || { echo "cgroup v1 'cpu' não disponível para escrita em $cpu" >&2; exit 1; }

mkdir -p "$cpu/slowci-load" "$cpu/slowci-run"
echo 1536 > "$cpu/slowci-load/cpu.shares"
echo 1024 > "$cpu/slowci-run/cpu.shares"

loops=()
cleanup() {
  for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT
for core in $(seq 0 $(($(nproc) - 1))); do
  taskset -c "$core" bash -c "echo \$\$ > $cpu/slowci-load/cgroup.procs; while :; do :; done" &
  loops+=($!)
done

rm -rf "$clone"
git clone -q "$repo" "$clone"
git -C "$clone" checkout -q "$commit"
echo "[slow-ci] $(git -C "$clone" log --oneline -1) em $clone; log em $clone.log"
started=$SECONDS
set +e
(echo $BASHPID > "$cpu/slowci-run/cgroup.procs"; cd "$clone" && CI=true bash .ci/run) > "$clone.log" 2>&1
code=$?
set -e
echo "[slow-ci] .ci/run terminou com código $code em $((SECONDS - started)) s"
exit $code
