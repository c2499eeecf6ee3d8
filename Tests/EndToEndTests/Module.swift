// Placeholder so the test target builds while its tests are written; replaced by them.
