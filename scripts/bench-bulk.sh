#!/usr/bin/env bash
# bench-bulk.sh: the README's bulk CLI table (issue 10, "Fast" items 5 and 6). Builds
# cmd/locator, makes a 25 MB input from the files of testdata/bench (repeated, cut at 25,000,000
# bytes and then at the last whole line; for extract, the same URLs written as running text,
# cut the same way), and runs each bulk command with --jobs 1 and --jobs 2 under /usr/bin/time,
# output to /dev/null, interleaved (1, 2, 1, 2, ...) for ROUNDS rounds (default 3). It prints,
# per command, the median user+sys CPU seconds and wall seconds of each, CPU(2)/CPU(1) and
# wall(1)/wall(2), with the date, machine and the load average before and after.
#
#   scripts/bench-bulk.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
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

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(uname -sm), $(go version | cut -d' ' -f3)"
echo "input: $(wc -l < "$tmp/urls.txt") URLs, $(wc -c < "$tmp/urls.txt") bytes; prose $(wc -c < "$tmp/prose.txt") bytes; pairs $(wc -c < "$tmp/pairs.txt") bytes"
echo "rounds: $rounds, medians"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
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
			/usr/bin/time -o "$tmp/one" -f '%U %S %e' "$bin" "$cmd" --jobs "$j" $rest < "$input" > /dev/null || [ $? -le 1 ]
			tail -n 1 "$tmp/one" >> "$tmp/t$j"
		done
	done
	cpu1=$(awk '{ print $1 + $2 }' "$tmp/t1" | median)
	cpu2=$(awk '{ print $1 + $2 }' "$tmp/t2" | median)
	wall1=$(awk '{ print $3 }' "$tmp/t1" | median)
	wall2=$(awk '{ print $3 }' "$tmp/t2" | median)
	awk -v a="$args" -v c1="$cpu1" -v c2="$cpu2" -v w1="$wall1" -v w2="$wall2" 'BEGIN {
		printf "| `%s` | %.2f | %.2f | %.2f× | %.2f | %.2f | %.2f× |\n", a, c1, c2, c2 / c1, w1, w2, w1 / w2 }'
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
