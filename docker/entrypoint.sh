#!/bin/sh
# Container entrypoint: the first argument chooses what this image runs.
#   indexer | generator | bridge   one service (apps/<name>/dist/main.js)
#   serve                          all three in one process (the bridge's serve mode)
#   discovery                      the CLI, for one-off commands
# Remaining arguments go to the chosen program. `exec` replaces this shell, so
# Node receives SIGTERM itself and runs the service's graceful shutdown.
# DISCOVERY_APP_ROOT (default /app) lets tests run the mapping on a checkout.
set -eu

app_root="${DISCOVERY_APP_ROOT:-/app}"
app_root="${app_root%/}"

usage() {
  cat >&2 <<USAGE
usage: <image> indexer|generator|bridge|serve|discovery [args...]
  indexer    the discovery API (Connect yoko.v1) on PORT (4100)
  generator  the generation worker (metrics and health on METRICS_PORT, 4300)
  bridge     the MCP bridge on PORT (4200)
  serve      indexer, generator and bridge in one process
  discovery  the discovery CLI (discovery --help)
USAGE
}

if [ "$#" -eq 0 ]; then
  usage
  exit 64
fi

service="$1"
shift
case "$service" in
  indexer)   exec node "$app_root/apps/indexer/dist/main.js" "$@" ;;
  generator) exec node "$app_root/apps/generator/dist/main.js" "$@" ;;
  bridge)    exec node "$app_root/apps/mcp-bridge/dist/main.js" "$@" ;;
  serve)     exec node "$app_root/apps/serve/dist/main.js" "$@" ;;
  discovery) exec node "$app_root/apps/cli/dist/main.js" "$@" ;;
  -h|--help|help)
    usage
    exit 0
    ;;
  *)
    echo "entrypoint: unknown service '$service'" >&2
    usage
    exit 64
    ;;
esac
