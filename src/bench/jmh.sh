#!/usr/bin/env bash
# Micro-benchmarks of the ranking with JMH, in-process (no HTTP, no database): what a never-asked
# question costs on one core. Compiles the tests (JMH generates its harness there), then runs
#   src/bench/jmh.sh                         # NeverAskedQuestionBenchmark, 2 forks x 5 x 2 s
#   src/bench/jmh.sh NeverAsked -f 1 -i 3    # any JMH option
set -euo pipefail
cd "$(dirname "$0")/../.."
./mvnw -B -q test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
java -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" org.openjdk.jmh.Main "${@:-NeverAskedQuestionBenchmark}"
