#!/usr/bin/env bash
# Start-up: time from launching the packaged service to its first answer to
# GET /recommend?role=slog&interface=m2, on a data directory that is already initialised (the
# cluster exists, migrations and the seed are applied), and the service's resident memory (RSS)
# at that moment. Several runs; prints each and the median as a Markdown table.
#
#   src/bench/startup.sh                                   # seed catalog, in target/startup-data
#   STARTUP_DATA_DIR=target/bench-data src/bench/startup.sh   # the benchmark catalog of run.sh
#   STARTUP_RUNS=7 STARTUP_APPCDS=1 src/bench/startup.sh
#   STARTUP_CDS=trained src/bench/startup.sh               # class archive from a training run
#   STARTUP_JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java STARTUP_CDS=trained src/bench/startup.sh
#
# It launches the service as src/docs/operations.md runs it (java -jar quarkus-run.jar), from the application's
# directory (STARTUP_APP, default target/quarkus-app). STARTUP_APPCDS=1 adds the AppCDS archive of
# a build made with -Dquarkus.package.jar.appcds.enabled=true. STARTUP_CDS=trained first runs the
# service once until its first answer and stops it, dumping the classes that run loaded into an
# archive (JDK 17: -XX:ArchiveClassesAtExit, a dynamic CDS archive; JDK 25 and later:
# -XX:AOTCacheOutput, an AOT cache of loaded and linked classes), then measures starts that map it.
# STARTUP_JAVA picks the java binary (default: java on the PATH). Needs curl and bc.
set -euo pipefail
cd "$(dirname "$0")/../.."
DATA=$(realpath -m "${STARTUP_DATA_DIR:-target/startup-data}")
PORT=${STARTUP_PORT:-8091}
RUNS=${STARTUP_RUNS:-5}
APP=$(realpath -m "${STARTUP_APP:-target/quarkus-app}")
LOG=$(realpath -m target/startup-service.log)
URL="http://localhost:$PORT/recommend?role=slog&interface=m2"

[ -f "$APP/quarkus-run.jar" ] || ./mvnw -q package -DskipTests
mkdir -p target
if curl -s -o /dev/null "http://localhost:$PORT/"; then
  echo "Something already answers on port $PORT: stop it (or set STARTUP_PORT)." >&2
  exit 1
fi
JAVA=${STARTUP_JAVA:-java}
JAVA_OPTS=()
[ -n "${STARTUP_JAVA_OPTS:-}" ] && read -r -a JAVA_OPTS <<<"$STARTUP_JAVA_OPTS"
if [ "${STARTUP_APPCDS:-0}" = 1 ]; then
  # the archive records the class path as the build ran it (quarkus-run.jar, relative): run from its directory
  [ -f "$APP/app-cds.jsa" ] || { echo "No $APP/app-cds.jsa: build with -Dquarkus.package.jar.appcds.enabled=true" >&2; exit 1; }
  JAVA_OPTS+=(-XX:SharedArchiveFile=app-cds.jsa)
fi
cd "$APP"

export DRIVECAT_DATA_DIR="$DATA" QUARKUS_HTTP_PORT=$PORT QUARKUS_LOG_CONSOLE_JSON_ENABLED=false \
  DRIVECAT_SCRAPE_CRON=off DRIVECAT_DIGEST_CRON=off DRIVECAT_RATE_LIMITS_RECOMMEND_PER_MINUTE=0

SERVICE=
stop() {
  if [ -n "$SERVICE" ]; then
    kill "$SERVICE" 2>/dev/null || true
    wait "$SERVICE" 2>/dev/null || true
    SERVICE=
  fi
}
trap stop EXIT

now_ms() { date +%s%3N; }

# A start that is not measured: until the first answer (at most two minutes), then a clean stop.
unmeasured_start() { # extra java options...
  "$JAVA" "${JAVA_OPTS[@]}" "$@" -jar quarkus-run.jar > "$LOG" 2>&1 &
  SERVICE=$!
  for _ in $(seq 1 600); do curl -sf -o /dev/null "$URL" && break; sleep 0.2; done
  stop
}

# The first start initialises the data directory (initdb, migrations, seed); it is not measured.
if [ ! -f "$DATA/postgres/PG_VERSION" ]; then
  echo "Initialising $DATA ..." >&2
  unmeasured_start
fi

if [ "${STARTUP_CDS:-}" = trained ]; then
  # One training start; its clean stop writes the archive.
  if "$JAVA" -XX:+PrintFlagsFinal -version 2>/dev/null | grep -q " AOTCacheOutput "; then
    ARCHIVE=drivecat-trained.aot
    DUMP=(-XX:AOTCacheOutput="$ARCHIVE") USE=(-XX:AOTCache="$ARCHIVE")
  else
    ARCHIVE=drivecat-trained.jsa
    DUMP=(-XX:ArchiveClassesAtExit="$ARCHIVE") USE=(-XX:SharedArchiveFile="$ARCHIVE")
  fi
  echo "Training run, writing $APP/$ARCHIVE ..." >&2
  rm -f "$ARCHIVE"
  unmeasured_start "${DUMP[@]}"
  [ -f "$ARCHIVE" ] || { echo "The training run wrote no $ARCHIVE; see $LOG" >&2; exit 1; }
  JAVA_OPTS+=("${USE[@]}")
fi

times=()
rss=()
echo "| run | launch → first /recommend | Quarkus \"started in\" | RSS of the JVM at the first answer | RSS of PostgreSQL's processes |"
echo "|---|---|---|---|---|"
for run in $(seq 1 "$RUNS"); do
  LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
  start=$(now_ms)
  "$JAVA" "${JAVA_OPTS[@]}" -jar quarkus-run.jar > "$LOG" 2>&1 &
  SERVICE=$!
  until curl -sf -o /dev/null "$URL"; do
    if ! kill -0 "$SERVICE" 2>/dev/null; then
      echo "The service exited; see $LOG:" >&2
      tail -20 "$LOG" >&2
      exit 1
    fi
    sleep 0.02
  done
  elapsed=$(( $(now_ms) - start ))
  jvm_kb=$(awk '/VmRSS/ {print $2}' "/proc/$SERVICE/status")
  pg_kb=0
  if [ -f "$DATA/postgres/postmaster.pid" ]; then
    postmaster=$(head -1 "$DATA/postgres/postmaster.pid")
    for pid in $postmaster $(pgrep -P "$postmaster" || true); do
      kb=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
      pg_kb=$(( pg_kb + ${kb:-0} ))
    done
  fi
  quarkus=$(grep -o 'started in [0-9.]*s' "$LOG" | head -1 | awk '{print $3}')
  stop
  times+=("$elapsed")
  rss+=("$jvm_kb")
  printf '| %d | %.2f s | %s | %d MB | %d MB |\n' "$run" "$(echo "$elapsed / 1000" | bc -l)" "${quarkus:-?}" \
    $(( jvm_kb / 1024 )) $(( pg_kb / 1024 ))
done

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
printf '| **median of %d** | **%.2f s** | | **%d MB** | |\n' "$RUNS" "$(echo "$(median "${times[@]}") / 1000" | bc -l)" \
  $(( $(median "${rss[@]}" | cut -d. -f1) / 1024 ))
echo "In $APP: $JAVA ${JAVA_OPTS[*]} -jar quarkus-run.jar; data: $DATA; $(nproc) cores; load average before the last run: $LOAD"
