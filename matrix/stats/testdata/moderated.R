# Reference values for TestModeratedAgainstLimma: limma's lmFit + eBayes on an intercept-only design,
# each row one comparison's K instance estimates (the moderated t of Smyth 2004; cases named "-robust"
# with eBayes(fit, robust = TRUE), Phipson et al. 2016, which needs statmod). Prints per case its
# name, then per row: the K values, the mean, s2.post, df.total, t and p.value.
# Regenerate: Rscript matrix/stats/testdata/moderated.R > matrix/stats/testdata/moderated.txt
suppressMessages(library(limma))
run <- function(name, y, robust = FALSE) {
  fit <- lmFit(y, design = matrix(1, ncol(y), 1))
  eb <- eBayes(fit, robust = robust)
  cat(name, "\n")
  for (i in seq_len(nrow(y))) {
    cat(sprintf("%.17g", c(y[i, ], fit$coefficients[i], eb$s2.post[i], eb$df.total[i], eb$t[i], eb$p.value[i])), "\n")
  }
}
set.seed(341)
sd <- sqrt(0.001 * 20 / rchisq(40, 20))
run("k3", matrix(rnorm(120, mean = rep(c(0, 0.05, -0.1, 0.3), each = 10), sd = sd), 40, 3))
set.seed(342)
sd <- sqrt(0.002 * 6 / rchisq(30, 6))
run("k2", matrix(rnorm(60, mean = rep(c(0, 0.08), each = 15), sd = sd), 30, 2))
set.seed(343)
run("k3-alike", matrix(rnorm(60, mean = rep(c(0, 0.1), each = 10), sd = 0.03), 20, 3))
# instances that scatter like a prior on 5 df, and four comparisons whose instances differ 3 to 6 times more
set.seed(344)
sd <- sqrt(0.001 * 5 / rchisq(40, 5)) * c(rep(1, 36), 3, 4, 5, 6)
run("k3-outliers-robust", matrix(rnorm(120, mean = rep(c(0, 0.05, -0.1, 0.3), each = 10), sd = sd), 40, 3), robust = TRUE)
set.seed(345)
sd <- sqrt(0.002 * 4 / rchisq(30, 4)) * c(rep(1, 28), 5, 8)
run("k2-outliers-robust", matrix(rnorm(60, mean = rep(c(0, 0.08), each = 15), sd = sd), 30, 2), robust = TRUE)
