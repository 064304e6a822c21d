# Reference values for TestPolygammaAgainstR: R's digamma, trigamma, psigamma(deriv = 2) and limma's
# trigammaInverse at fixed points. Regenerate: Rscript matrix/stats/testdata/polygamma.R > matrix/stats/testdata/polygamma.txt
suppressMessages(library(limma))
x <- c(1e-3, 0.05, 0.5, 1, 1.5, 2.5, 7.3, 9.99, 10, 10.4, 55, 1234.5, 1e6)
for (v in x) cat(sprintf("%.17g %.17g %.17g %.17g\n", v, digamma(v), trigamma(v), psigamma(v, deriv = 2)))
cat("inverse\n")
y <- c(1e-8, 1e-6, 2e-6, 0.001, 0.05, 0.3, 1, 1.6449, 3, 17, 1000, 9.9e6, 2e7)
for (v in y) cat(sprintf("%.17g %.17g\n", v, trigammaInverse(v)))
