# Reference values for TestSqueezeVarRobustAgainstLimma: limma's squeezeVar(..., robust = TRUE) (which
# calls fitFDistRobustly; statmod supplies its Gauss-Legendre rule) on fixed families of sample variances.
# Each case prints its name, the variances, their df, the prior variance and the Winsorised fit's df2,
# the per-comparison prior df (df2.shrunk), then every posterior variance.
# Regenerate: Rscript matrix/stats/testdata/squeezevar_robust.R > matrix/stats/testdata/squeezevar_robust.txt
suppressMessages(library(limma))
model <- function(seed, n, d, s0 = 0.001, d0 = 20) {
  set.seed(seed)
  s0 * d0 / rchisq(n, d0) * rchisq(n, d) / d
}
cases <- list(
  # drawn from the model (prior 0.001 on 20 df), variances on 2 df: the lab's K = 3 (its fit: df2 = Inf)
  list(name = "model-df2", var = model(34, 120, 2), df = 2),
  # the same with a prior on 5 df: a finite Winsorised df2
  list(name = "model-df2-d5", var = model(41, 120, 2, d0 = 5), df = 2),
  # prior on 6 df with three outliers, 20 to 60 times the prior
  list(name = "outliers-df2", var = c(model(36, 57, 2, d0 = 6), 0.02, 0.035, 0.06), df = 2),
  # one outlier among 24 (the lab's A/A family size), variances on 1 df (K = 2)
  list(name = "outlier-df1", var = c(model(37, 23, 1), 0.05), df = 1),
  # a few equal variances (ties in rank) and an outlier
  list(name = "ties", var = c(0.001, 0.001, 0.001, 0.0032, 0.0003, 0.0003, 0.0045, 0.0001, 0.006, 0.0011,
                              0.0002, 0.0023, 0.0007, 0.0007, 0.0019, 0.03), df = 2),
  # unequal df: variances brought to the largest df by their F tails first
  list(name = "mixed-df", var = {set.seed(38); d <- sample(1:4, 40, TRUE); c(0.001 * 4 / rchisq(40, 4) * rchisq(40, d) / d)},
       df = {set.seed(38); sample(1:4, 40, TRUE)}),
  # variances too alike for a finite Winsorised df, one outlier: df2 = Inf, the outlier's df shrunk
  list(name = "alike-outlier", var = c(1, 1.01, 0.99, 1.02, 0.98, 1.0, 1.03, 0.97, 1.01, 0.99, 1.0, 1.02, 9), df = 2),
  # fewer than 10: nothing Winsorised, the plain fit
  list(name = "small", var = c(0.0011, 0.0023, 0.0004, 0.0019, 0.0008, 0.0031, 0.0012, 0.0007, 0.005), df = 2),
  # a zero variance (raised to 1e-12 of the median) and a df of 0 (left out of the fit)
  list(name = "zero-and-df0", var = c(model(39, 14, 2), 0, 0.004), df = c(rep(2, 15), 0)),
  # large df: a prior weaker than the data
  list(name = "large-df", var = model(40, 30, 30, d0 = 8), df = 30),
  # an outlier 50,000 times the prior, on 30 df: its upper F tail is about exp(-22)
  list(name = "far-outlier", var = c(model(42, 29, 30, d0 = 6), 50), df = 30)
)
for (c in cases) {
  df <- rep_len(c$df, length(c$var))
  s <- squeezeVar(c$var, df, robust = TRUE)
  v <- c$var; v[df == 0] <- 0
  f <- suppressWarnings(fitFDistRobustly(v, df))
  cat(c$name, "\n")
  cat(sprintf("%.17g", c$var), "\n")
  cat(sprintf("%.17g", df), "\n")
  cat(sprintf("%.17g %.17g", s$var.prior, f$df2), "\n")
  cat(sprintf("%.17g", rep_len(s$df.prior, length(c$var))), "\n")
  cat(sprintf("%.17g", s$var.post), "\n")
}
