# Reference values for TestFDistAgainstR: R's pf (both tails, log.p = TRUE), df and qf (both tails, log.p =
# TRUE) at fixed points, as limma's fitFDistRobustly calls them. Each row: f, d1, d2, log upper tail, log
# lower tail, density, then qf of log p = -0.1, -3 and -20 in the upper tail and -0.1 in the lower.
# Regenerate: Rscript matrix/stats/testdata/fdist.R > matrix/stats/testdata/fdist.txt
pts <- expand.grid(f = c(0.01, 0.3, 1, 2.5, 12, 80), d1 = c(1, 2, 3.7), d2 = c(0.74, 2, 15.2, 250, 5e5, Inf))
for (i in seq_len(nrow(pts))) {
  f <- pts$f[i]; d1 <- pts$d1[i]; d2 <- pts$d2[i]
  cat(sprintf("%.17g", c(f, d1, d2,
    pf(f, d1, d2, lower.tail = FALSE, log.p = TRUE), pf(f, d1, d2, log.p = TRUE), df(f, d1, d2),
    qf(c(-0.1, -3, -20), d1, d2, lower.tail = FALSE, log.p = TRUE), qf(-0.1, d1, d2, log.p = TRUE))), "\n")
}
