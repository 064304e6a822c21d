# DefaultPooledBelow's reason, with limma's own squeezeVar (Rscript small-stratum.R; r-base-core and
# r-bioc-limma): n null comparisons of K = 3 instances (2 df each) with equal variances, decided at the
# level 0.019 by the moderated t on min(d0 + 2, the pooled df) (limma's eBayes), by the pooled variance
# (every S2 averaged, t on the pooled df), and by the larger of the two p-values (the lab's, below
# DefaultPooledBelow); then one comparison of the stratum three times as wide, and four graded widths.
suppressMessages(library(limma))
sim <- function(ncomp, sds = rep(1, ncomp), n = 20000, alpha = 0.019, label = "") {
  set.seed(1); rej <- matrix(0, 3, ncomp); pooled <- 2 * ncomp
  for (r in 1:n) {
    y <- matrix(rnorm(ncomp * 3), ncomp, 3) * sds
    m <- rowMeans(y); s2 <- apply(y, 1, var)
    sq <- squeezeVar(s2, 2)
    p1 <- 2 * pt(-abs(m / sqrt(sq$var.post / 3)), pmin(sq$df.prior + 2, pooled))
    p2 <- 2 * pt(-abs(m / sqrt(mean(s2) / 3)), pooled)
    p3 <- pmax(p1, p2)
    rej[1, ] <- rej[1, ] + (p1 < alpha); rej[2, ] <- rej[2, ] + (p2 < alpha); rej[3, ] <- rej[3, ] + (p3 < alpha)
  }
  cat(sprintf("%-7s %2d comparisons: fitted prior %.4f, pooled %.4f, both %.4f; the last comparison %.4f %.4f %.4f\n",
    label, ncomp, mean(rej[1, ]) / n, mean(rej[2, ]) / n, mean(rej[3, ]) / n, rej[1, ncomp] / n, rej[2, ncomp] / n, rej[3, ncomp] / n))
}
sim(4, label = "equal"); sim(8, label = "equal"); sim(12, label = "equal"); sim(24, label = "equal")
sim(4, c(1, 1, 1, 3), label = "one 3x"); sim(8, c(rep(1, 7), 3), label = "one 3x"); sim(4, c(1, 1.5, 2, 3), label = "graded")
