#!/usr/bin/env bash
# JMH micro-benchmarks of src/jmh/java, in-process on one core: NeverAskedQuestionBenchmark (a never-asked
# /recommend question), IdentifyTitlesBenchmark, PoolPasteBenchmark, HostilePasteBenchmark (the worst paste
# per KiB of each paste reader), and DiscoveryRunBenchmark (which
# drives the packaged service: ./mvnw package -DskipTests first). Compiles them with the tests, whose fixtures
# they read, in the bench profile of pom.xml (JMH generates its harness there), then runs
#   src/bench/jmh.sh                          # NeverAskedQuestionBenchmark, 2 forks x 5 x 2 s
#   src/bench/jmh.sh IdentifyTitlesBenchmark  # another benchmark
#   src/bench/jmh.sh NeverAsked -f 1 -i 3     # any JMH option
# What each measures and the current figures: src/docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
./mvnw -B -q -Pbench test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
java -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" org.openjdk.jmh.Main "${@:-NeverAskedQuestionBenchmark}"
