# The median the benchmarks quote: of the numbers on standard input (`median`) or of the
# arguments (`median_of`); with an even count, the mean of the middle two.
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
median_of() { printf '%s\n' "$@" | median; }
