#!/usr/bin/env bash
# Benchmarks GET /recommend on a generated catalog (10,000 drives, 100,000 listings, 10 million
# observations) against the trivial GET / of the same service, in one run. Needs wrk and psql
# (Debian: apt-get install wrk postgresql-client). Results go to stdout as a Markdown table.
#
#   src/bench/run.sh            # builds if needed, reuses target/bench-data between runs
#   BENCH_FRESH=1 src/bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
DATA=${BENCH_DATA_DIR:-target/bench-data}
PORT=${BENCH_PORT:-8089}
DURATION=${BENCH_DURATION:-30s}
CONNECTIONS=${BENCH_CONNECTIONS:-16}
BASE="http://localhost:$PORT"

[ "${BENCH_FRESH:-0}" = 1 ] && rm -rf "$DATA"
[ -f target/quarkus-app/quarkus-run.jar ] || ./mvnw -q package -DskipTests
if curl -s -o /dev/null "$BASE/"; then
  echo "Something already answers on port $PORT: stop it (or set BENCH_PORT) so the figures are this run's." >&2
  exit 1
fi

DRIVECAT_DATA_DIR="$DATA" QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_CONSOLE_JSON_ENABLED=false \
DRIVECAT_RATE_LIMITS_RECOMMEND_PER_MINUTE=0 DRIVECAT_RATE_LIMITS_EXPORT_PER_MINUTE=0 DRIVECAT_SCRAPE_CRON=off \
  java -Xmx2g -jar target/quarkus-app/quarkus-run.jar > target/bench-service.log 2>&1 &
SERVICE=$!
trap 'kill $SERVICE 2>/dev/null; wait $SERVICE 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -sf "$BASE/q/health/ready" > /dev/null && break; sleep 1; done
if ! kill -0 $SERVICE 2>/dev/null || ! curl -sf "$BASE/q/health/ready" > /dev/null; then
  echo "The service did not start; see target/bench-service.log:" >&2
  tail -20 target/bench-service.log >&2
  exit 1
fi
PGPORT=$(sed -n 4p "$DATA/postgres/postmaster.pid")
PSQL=(psql -q -h localhost -p "$PGPORT" -U postgres -d postgres -v ON_ERROR_STOP=1)

if [ "$("${PSQL[@]}" -tAc "SELECT count(*) FROM drive WHERE slug LIKE 'bench-%'")" -lt 10000 ]; then
  echo "Generating the benchmark catalog (several minutes)..." >&2
  "${PSQL[@]}" -f src/bench/generate-catalog.sql >&2
fi
COUNTS=$("${PSQL[@]}" -tAc "SELECT (SELECT count(*) FROM drive) || ' drives, ' || (SELECT count(*) FROM listing) || ' listings, ' || (SELECT count(*) FROM price_observation) || ' observations'")
DRIVES=$("${PSQL[@]}" -tAc "SELECT count(*) FROM drive")

RECOMMEND_SLOG="/recommend?role=slog&interface=m2"
RECOMMEND_ALL="/recommend?role=slog"
RECOMMEND_SPECIAL="/recommend?role=special&interface=sata&layout=raidz2"

load() { # path [wrk args...] -> "requests/s|p50|p99"
  local out path=$1
  shift
  out=$(wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$BASE$path")
  local rps p50 p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  echo "$rps|$p50|$p99"
}

for path in / /q/openapi "$RECOMMEND_SLOG" "$RECOMMEND_ALL" "$RECOMMEND_SPECIAL"; do
  for _ in $(seq 1 200); do curl -sf "$BASE$path" > /dev/null; done
done

TRIVIAL=$(load /)
STATIC_DOC=$(load /q/openapi)
SLOG=$(load "$RECOMMEND_SLOG")
ALL=$(load "$RECOMMEND_ALL")
SPECIAL=$(load "$RECOMMEND_SPECIAL")
DISTINCT=$(load "$RECOMMEND_SLOG" -s src/bench/distinct-queries.lua)

# Computing an answer from the database (candidates and answer both invalidated): bump the catalog
# version as a write would (with its notification) before every request.
cold() {
  local times=()
  for _ in $(seq 1 40); do
    "${PSQL[@]}" -c "UPDATE catalog_version SET version = version + 1; SELECT pg_notify('drivecat_catalog', 'bench')" > /dev/null
    sleep 0.2
    times+=("$(curl -s -o /dev/null -w '%{time_total}' "$BASE$1")")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.0fms|%.0fms", a[int(NR*0.5)]*1000, a[NR]*1000}'
}
# not in $(...): a failed version bump must stop the run, not leave cached answers timed as computed ones
cold "$RECOMMEND_SLOG" > target/bench-cold-slog
cold "$RECOMMEND_ALL" > target/bench-cold-all
COLD_SLOG=$(cat target/bench-cold-slog)
COLD_ALL=$(cat target/bench-cold-all)

ratio() { awk -v a="${1%%|*}" -v b="${TRIVIAL%%|*}" 'BEGIN {printf "%.2f", a / b}'; }
row() { IFS='|' read -r rps p50 p99 <<<"$2"; echo "| \`$1\` | $rps | $p50 | $p99 | $(ratio "$2") |"; }

echo "Catalog: $COUNTS. wrk: 2 threads, $CONNECTIONS connections, $DURATION per endpoint, on $(nproc) cores shared with the service."
echo
echo "Response sizes: / $(curl -s "$BASE/" | wc -c) B, /q/openapi $(curl -s "$BASE/q/openapi" | wc -c) B, $RECOMMEND_SLOG $(curl -s "$BASE$RECOMMEND_SLOG" | wc -c) B."
echo
echo "| endpoint | requests/s | median | p99 | vs trivial |"
echo "|---|---|---|---|---|"
row "GET /" "$TRIVIAL"
row "GET /q/openapi" "$STATIC_DOC"
row "GET $RECOMMEND_SLOG" "$SLOG"
row "GET $RECOMMEND_ALL" "$ALL"
row "GET $RECOMMEND_SPECIAL" "$SPECIAL"
row "GET $RECOMMEND_SLOG, a new question every request" "$DISTINCT"
echo
echo "Computing an answer after a catalog change (40 requests, each after a version bump): \`$RECOMMEND_SLOG\` median|max ${COLD_SLOG}; \`$RECOMMEND_ALL\` (all $DRIVES drives) median|max ${COLD_ALL}."
