import Foundation

/// Writes a line of the tool's report to standard output at once (not buffered: progress shows
/// as it happens, also in a pipe or a CI log). The report is the tool's product, which scripts
/// read (`scripts/benchmark.sh`); diagnostics go through the `Logger`.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
