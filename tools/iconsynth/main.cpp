#include "tools/iconsynth/commands.h"

int main(int argc, char** argv) { return iconsynth::cli::run(argc, argv); }
