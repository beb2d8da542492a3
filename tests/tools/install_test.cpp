// Installed as a user installs it: into a prefix, where the README's consumer project finds the
// libraries with find_package (and pkg-config) and renders the frame `iconsynth render` renders;
// every man page reads, completion completes; and as Debian packages with their dependencies.
#include "cli_support.h"
#include "../docs/snippet.h"

#include <catch2/catch.hpp>

#include <regex>
#include <set>

namespace fs = std::filesystem;
using iconsynth::test::read_file;
using iconsynth::test::run_cli;

namespace {

struct Shell {
  int exit_code;
  std::string output;  // stdout and stderr
};

// Runs a shell command in `work`, capturing what it prints.
Shell run_shell(const std::string& command, const fs::path& work) {
  const fs::path log = work / "shell.txt";
  const int status = std::system(("cd '" + work.string() + "' && { " + command + " ; } > '" + log.string() + "' 2>&1").c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(log)};
}

fs::path install_prefix(const fs::path& work) {
  const fs::path prefix = work / "prefix";
  const Shell r = run_shell(std::string(ICONSYNTH_CMAKE) + " --install '" + ICONSYNTH_BUILD_DIR + "' --prefix '" + prefix.string() + "'", work);
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  return prefix;
}


}  // namespace

TEST_CASE("Installed into a prefix, the README's consumer project builds and renders what iconsynth render renders", "[install]") {
  const fs::path work = iconsynth::test::scratch_dir("install-consumer");
  const fs::path prefix = install_prefix(work);
  const fs::path project = work / "consumer";
  fs::create_directories(project);
  std::ofstream(project / "CMakeLists.txt") << iconsynth::test::docs_snippet("consumer-cmake");
  std::ofstream(project / "frame.cpp") << iconsynth::test::docs_snippet("consumer-frame");
  const std::string cmake = ICONSYNTH_CMAKE;
  const Shell built = run_shell(cmake + " -S consumer -B consumer/build -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH='" +
                                    prefix.string() + "' -DCMAKE_CXX_COMPILER='" + ICONSYNTH_CXX + "' && " + cmake +
                                    " --build consumer/build && consumer/build/frame",
                                work);
  INFO(built.output);
  REQUIRE(built.exit_code == 0);
  REQUIRE(run_cli("render --style duotone --weight 2.5 --motion strong --theme dark --frame 46 --size 256 --out " + (work / "expected").string(), work).exit_code == 0);
  const std::string expected = read_file(work / "expected" / "frame_0046.png");
  CHECK(expected.size() > 1000);
  CHECK(read_file(work / "frame.png") == expected);

  // pkg-config gives the same libraries; and every installed header compiles on its own terms.
  std::ofstream headers(work / "headers.cpp");
  for (const auto& e : fs::recursive_directory_iterator(prefix / "include" / "iconsynth")) {
    if (e.path().extension() == ".h") headers << "#include \"" << e.path().lexically_relative(prefix / "include" / "iconsynth").string() << "\"\n";
  }
  headers.close();
  fs::create_directories(work / "pc");
  const Shell pc = run_shell("export PKG_CONFIG_PATH='" + (prefix / "lib" / "pkgconfig").string() + "' && '" + ICONSYNTH_CXX +
                                 "' -std=c++20 -o frame-pc consumer/frame.cpp headers.cpp $(pkg-config --cflags --libs iconsynth) && "
                                 "cd pc && ../frame-pc",
                             work);
  INFO(pc.output);
  REQUIRE(pc.exit_code == 0);
  CHECK(read_file(work / "pc" / "frame.png") == expected);
}

TEST_CASE("Every installed man page reads with man -l, and the installed completion completes", "[install]") {
  const fs::path work = iconsynth::test::scratch_dir("install-man");
  const fs::path prefix = install_prefix(work);
  // A page per command: the top one, each command, golden's two.
  std::set<std::string> pages;
  for (const auto& e : fs::directory_iterator(prefix / "share" / "man" / "man1")) pages.insert(e.path().filename().string());
  std::set<std::string> expected{"iconsynth.1.gz", "iconsynth-golden-update.1.gz", "iconsynth-golden-check.1.gz"};
  const std::string help = run_cli("--help", work).out;
  const std::regex command("\n  ([a-z]+) +[A-Z(]");
  for (auto it = std::sregex_iterator(help.begin(), help.end(), command); it != std::sregex_iterator(); ++it) {
    expected.insert("iconsynth-" + (*it)[1].str() + ".1.gz");
  }
  CHECK(pages == expected);
  for (const std::string& page : pages) {
    INFO(page);
    const Shell man = run_shell("MANWIDTH=100 man -l '" + (prefix / "share" / "man" / "man1" / page).string() + "'", work);
    CHECK(man.exit_code == 0);
    CHECK(man.output.find("SYNOPSIS") != std::string::npos);
    CHECK(man.output.find("--help") != std::string::npos);
  }
  const Shell golden = run_shell("MANWIDTH=100 man -l '" + (prefix / "share/man/man1/iconsynth-golden-check.1.gz").string() + "'", work);
  CHECK(golden.output.find("iconsynth golden check --dir DIR") != std::string::npos);
  CHECK(golden.output.find("--junit TEXT") != std::string::npos);
  // The spec file's format and the guides, in their sections.
  for (const char* page : {"man5/iconsynth-spec.5.gz", "man7/iconsynth-tweaking.7.gz", "man7/iconsynth-golden-ci.7.gz",
                           "man7/iconsynth-web-package.7.gz", "man7/iconsynth-fitting.7.gz"}) {
    INFO(page);
    const Shell man = run_shell("MANWIDTH=100 man -l '" + (prefix / "share" / "man" / page).string() + "'", work);
    CHECK(man.exit_code == 0);
    CHECK(man.output.find("EXAMPLES") != std::string::npos);
  }

  const Shell completion = run_shell("bash -c 'source \"" + (prefix / "share/bash-completion/completions/iconsynth").string() +
                                         "\"; COMP_WORDS=(iconsynth golden check --ju); COMP_CWORD=3; _iconsynth; echo \"${COMPREPLY[*]}\"; "
                                         "COMP_WORDS=(iconsynth render --style \"\"); COMP_CWORD=3; _iconsynth; echo \"${COMPREPLY[*]}\"'",
                                     work);
  CHECK(completion.output == "--junit\noutline solid duotone\n");
}

TEST_CASE("cpack -G DEB builds the CLI and library packages with their Debian dependencies and files", "[install]") {
  const fs::path work = iconsynth::test::scratch_dir("install-deb");
  const Shell cpack = run_shell(std::string(ICONSYNTH_CPACK) + " -G DEB --config '" + ICONSYNTH_BUILD_DIR + "/CPackConfig.cmake' -B deb", work);
  INFO(cpack.output);
  REQUIRE(cpack.exit_code == 0);
  const auto deb = [&](const std::string& name) { return "deb/" + name + "_" + ICONSYNTH_VERSION + "_amd64.deb"; };
  const Shell cli = run_shell("dpkg-deb --info " + deb("iconsynth") + " && dpkg-deb --contents " + deb("iconsynth"), work);
  INFO(cli.output);
  REQUIRE(cli.exit_code == 0);
  for (const char* needed : {"Package: iconsynth\n", " Depends: ", "libcairo2 ", "libzip4 ", "librlottie0-1 ", "libwebp7 ", "libgif7 ",
                             "libssl3 ", "./usr/bin/iconsynth\n", "./usr/share/man/man1/iconsynth-golden-check.1.gz\n",
                             "./usr/share/bash-completion/completions/iconsynth\n"}) {
    CHECK_THAT(cli.output, Catch::Contains(needed));
  }
  const Shell dev = run_shell("dpkg-deb --info " + deb("libiconsynth-dev") + " && dpkg-deb --contents " + deb("libiconsynth-dev"), work);
  INFO(dev.output);
  REQUIRE(dev.exit_code == 0);
  for (const char* needed : {"Package: libiconsynth-dev\n", " Depends: ", "libcairo2-dev", "libeigen3-dev", "librlottie-dev", "libzip-dev",
                             "./usr/include/iconsynth/render/cairo/raster.h\n", "./usr/lib/libiconsynth_cairo.a\n",
                             "./usr/lib/cmake/iconsynth/iconsynth-config.cmake\n", "./usr/lib/pkgconfig/iconsynth.pc\n"}) {
    CHECK_THAT(dev.output, Catch::Contains(needed));
  }
}
