#pragma once
// The headless command line; see "The command line" in the design notes for the contract.
namespace tangent::cli {

// True for a subcommand name (inspect, validate, sample, convert, fix, render, simplify, diff) and for the
// top-level --help / --version.
bool isCommandLine(const char* firstArgument);
// Runs it; returns the exit status (0 ok, 1 errors found / not done, 2 I/O, 64 usage).
int run(int argc, char** argv);

}  // namespace tangent::cli
