#!/usr/bin/env bash
# bench-bulk.sh: the README's bulk CLI table (issue 10, "Fast" items 5 and 6). Builds
# cmd/locator, makes a 25 MB input from the files of testdata/bench (repeated, cut at 25,000,000
# bytes and then at the last whole line; for extract, the same URLs written as running text,
# cut the same way), and runs each bulk command with --jobs 1 and --jobs 2, output to /dev/null,
# interleaved (1, 2, 1, 2, ...) for ROUNDS rounds (default 3). It prints, per command, the
# median user+sys CPU seconds and wall seconds of each, CPU(2)/CPU(1) and wall(1)/wall(2), with
# the date, machine and the load average before and after. The times are read to the
# microsecond (getrusage of the child through os.wait4, /usr/bin/python3): /usr/bin/time reads
# to 0.01 s, ±10% on the runs under 0.1 s.
#
# With --instructions (needs valgrind) it counts instead, on the first 2 MB of each input, the
# instructions executed and the last-level cache misses (cachegrind, a 4 MiB last level: the
# two cores' L2) with --jobs 1 and 2: numbers that other work on the machine does not change,
# when it is too busy for times to mean much (they vary by about ±3% from run to run with the
# timing of garbage collections).
#
#   scripts/bench-bulk.sh [ROUNDS]
#   scripts/bench-bulk.sh --instructions
set -euo pipefail
cd "$(dirname "$0")/.."
mode=time
if [ "${1:-}" = --instructions ]; then
	mode=instructions
	shift
fi
rounds="${1:-3}"
export LC_ALL=C
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/locator" ./cmd/locator
bin="$tmp/locator"

# The input: the bench files in name order (each line ended by "\n"), over and over, cut to 25 MB of whole lines.
for _ in 1 2 3 4 5; do awk 1 testdata/bench/*.txt; done > "$tmp/all.txt" # awk 1: kasztp.txt ends without "\n"
head -c 25000000 "$tmp/all.txt" | sed '$d' > "$tmp/urls.txt"
# extract's input: "Line N: see <URL> and URL or URL:URL." with a blank line after every eighth
# line (as proseInput in cmd/locator/bench_test.go), cut to 25 MB the same way.
awk '{ printf "Line %d: see <%s> and %s or URL:%s.\n", NR, $0, $0, $0; if (NR % 8 == 0) print "" }' \
	"$tmp/urls.txt" > "$tmp/all.txt"
head -c 25000000 "$tmp/all.txt" | sed '$d' > "$tmp/prose.txt"
# equal's input: each URL paired with itself upper-cased in its scheme.
sed -E 's/^([a-z][a-z0-9+.-]*):(.*)$/&\t\U\1\E:\2/' "$tmp/urls.txt" > "$tmp/all.txt"
head -c 25000000 "$tmp/all.txt" | sed '$d' > "$tmp/pairs.txt"

commands=(
	"parse -|urls"
	"parse --json -|urls"
	"parse --spec whatwg -|urls"
	"parse --spec whatwg --format href -|urls"
	"check -|urls"
	"check --json -|urls"
	"plan -|urls"
	"normalize -|urls"
	"normalize --json -|urls"
	"resolve http://a/b/c/d;p?q -|urls"
	"relative http://a/b/c/d;p?q -|urls"
	"equal -|pairs"
	"extract -|prose"
	"extract --json -|prose"
)

# run1 BIN ARGS... < INPUT: runs the command once, output to /dev/null, and prints the child's
# user+sys CPU seconds and its wall seconds; exit status 0 or 1 (invalid lines) is success.
run1() {
	/usr/bin/python3 -c '
import os, sys, time
t = time.perf_counter()
pid = os.fork()
if pid == 0:
    fd = os.open("/dev/null", os.O_WRONLY)
    os.dup2(fd, 1)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, ru = os.wait4(pid, 0)
wall = time.perf_counter() - t
code = os.waitstatus_to_exitcode(status)
if code not in (0, 1):
    sys.exit("exit status %d: %s" % (code, " ".join(sys.argv[1:])))
print("%.6f %.6f" % (ru.ru_utime + ru.ru_stime, wall))
' "$@"
}

# count1 BIN ARGS... < INPUT: the instructions and last-level misses of one run under cachegrind.
count1() {
	valgrind --tool=cachegrind --cache-sim=yes --LL=4194304,16,64 --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		awk '/I *refs/ { gsub(",", "", $4); i = $4 } /LL misses/ { gsub(",", "", $4); l = $4 } END { print i, l }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(uname -sm), $(go version | cut -d' ' -f3)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$mode" = instructions ]; then
	for f in urls prose pairs; do
		head -c 2000000 "$tmp/$f.txt" | sed '$d' > "$tmp/$f-2mb.txt"
	done
	echo "input: the first 2 MB of each (whole lines); cachegrind, last level 4 MiB"
	echo
	printf '| command | instructions, --jobs 1 | instructions, --jobs 2 | 2/1 | LL misses, --jobs 1 | LL misses, --jobs 2 | 2/1 |\n'
	printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n'
	for c in "${commands[@]}"; do
		args="${c%|*}"
		input="$tmp/${c##*|}-2mb.txt"
		read -r cmd rest <<< "$args"
		# shellcheck disable=SC2086 # rest is split into arguments on purpose
		read -r i1 l1 < <(count1 "$bin" "$cmd" --jobs 1 $rest < "$input")
		# shellcheck disable=SC2086
		read -r i2 l2 < <(count1 "$bin" "$cmd" --jobs 2 $rest < "$input")
		awk -v a="$args" -v i1="$i1" -v i2="$i2" -v l1="$l1" -v l2="$l2" 'BEGIN {
			printf "| `%s` | %.1f M | %.1f M | %.3f× | %.0f k | %.0f k | %.2f× |\n", a, i1 / 1e6, i2 / 1e6, i2 / i1, l1 / 1e3, l2 / 1e3, l2 / l1 }'
	done
	echo
	echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
	exit 0
fi

echo "input: $(wc -l < "$tmp/urls.txt") URLs, $(wc -c < "$tmp/urls.txt") bytes; prose $(wc -c < "$tmp/prose.txt") bytes; pairs $(wc -c < "$tmp/pairs.txt") bytes"
echo "rounds: $rounds, medians"
echo
printf '| command | CPU s, --jobs 1 | CPU s, --jobs 2 | CPU 2/1 | wall s, --jobs 1 | wall s, --jobs 2 | speed-up 1→2 |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n'
for c in "${commands[@]}"; do
	args="${c%|*}"
	input="$tmp/${c##*|}.txt"
	read -r cmd rest <<< "$args"
	: > "$tmp/t1"
	: > "$tmp/t2"
	for _ in $(seq "$rounds"); do
		for j in 1 2; do
			# shellcheck disable=SC2086 # rest is split into arguments on purpose
			run1 "$bin" "$cmd" --jobs "$j" $rest < "$input" >> "$tmp/t$j"
		done
	done
	cpu1=$(awk '{ print $1 }' "$tmp/t1" | median)
	cpu2=$(awk '{ print $1 }' "$tmp/t2" | median)
	wall1=$(awk '{ print $2 }' "$tmp/t1" | median)
	wall2=$(awk '{ print $2 }' "$tmp/t2" | median)
	awk -v a="$args" -v c1="$cpu1" -v c2="$cpu2" -v w1="$wall1" -v w2="$wall2" 'BEGIN {
		printf "| `%s` | %.3f | %.3f | %.2f× | %.3f | %.3f | %.2f× |\n", a, c1, c2, c2 / c1, w1, w2, w1 / w2 }'
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
