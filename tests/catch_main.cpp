#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>

int main(int argc, char* argv[]) {
  // Tests run the CLI as a user would; under GitHub Actions it would annotate the job and write the
  // job summary of the CI running the tests. The tests that want that set these themselves.
  unsetenv("GITHUB_ACTIONS");
  unsetenv("GITHUB_STEP_SUMMARY");
  return Catch::Session().run(argc, argv);
}
