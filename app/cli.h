#pragma once
// The headless command line; see "The command line" in the design notes for the contract.
#include <memory>

#include <QCoreApplication>
#include <QStringList>

namespace tangent::cli {

// What a subcommand that draws (render) needs beyond the command line: its runner and a
// QGuiApplication, from the render library (QtGui). tangent-gui passes them; the `tangent`
// executable links QtCore alone, so that a validate starts fast, and hands such a subcommand to
// tangent-gui before it gets to run().
struct Drawing {
    int (*render)(const QStringList&) = nullptr;
    std::unique_ptr<QCoreApplication> (*makeApplication)(int& argc, char** argv) = nullptr;
};

// True for a subcommand name (inspect, validate, sample, convert, fix, render, simplify, diff, pose) and for the
// top-level --help / --version.
bool isCommandLine(const char* firstArgument);
// True for a subcommand run here that reads whole documents into memory (inspect and validate
// scan them in bounded memory; render is tangent-gui's).
bool holdsDocuments(const char* firstArgument);
// True for a subcommand that draws (render).
bool needsDrawing(const char* firstArgument);
// Runs it; returns the exit status (0 ok, 1 errors found / not done, 2 I/O, 64 usage).
int run(int argc, char** argv, const Drawing& drawing = {});

}  // namespace tangent::cli
