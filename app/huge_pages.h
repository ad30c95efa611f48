#pragma once
// Huge pages for the commands that hold a big document. On a virtual machine the first write to
// each fresh 4 KiB page costs a trip to the hypervisor (about 4 us on the machines this was
// measured on, on top of the guest's own page fault); a transparent huge page maps 2 MiB in one.
// glibc backs its heap with them when GLIBC_TUNABLES holds glibc.malloc.hugetlb=1, a setting it
// reads only as a program starts: so `tangent` starts itself again with it when the command
// will hold documents of at least kHugePagesFrom bytes (a restart costs what a process start
// does, ~10 ms). validate and inspect scan a file in bounded memory and never restart.
#include <cstdint>
#include <string>
#include <vector>

namespace tangent::cli {

constexpr std::uint64_t kHugePagesFrom = std::uint64_t(8) << 20;

// The bytes of the files the arguments name (options' values included); a .gltf adds the .bin
// files in its folder, where its buffers usually are.
std::uint64_t inputBytes(const std::vector<std::string>& arguments);

// GLIBC_TUNABLES with glibc.malloc.hugetlb=1 added to `current` (null when unset); empty when
// `current` already sets glibc.malloc.hugetlb, whose value then stands (a user's own choice,
// or this program's after its restart).
std::string withHugePages(const char* current);

// Whether `tangent ARGS` is worth a restart: a subcommand that holds whole documents, on inputs
// of at least kHugePagesFrom bytes, with the setting not yet made.
bool worthHugePages(int argc, char** argv);

// Starts this program again with the setting when worthHugePages; returns only when it does
// not (or the restart failed, and the command runs as it is).
void restartWithHugePagesIfWorth(int argc, char** argv);

}  // namespace tangent::cli
