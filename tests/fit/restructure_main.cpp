// restructure_lottie IN.json OUT.json [RATE [CANVAS]]: our Lottie animation rewritten as another
// authoring pipeline might have written it (restructure.h), for tests and by hand.
#include "restructure.h"

#include <cstdlib>
#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
  if (argc < 3 || argc > 5) {
    std::cerr << "usage: restructure_lottie IN.json OUT.json [RATE (30)] [CANVAS px (512)]\n";
    return 2;
  }
  try {
    std::ifstream in(argv[1]);
    const auto ours = nlohmann::ordered_json::parse(in);
    const double rate = argc > 3 ? std::atof(argv[3]) : 30, canvas = argc > 4 ? std::atof(argv[4]) : 512;
    std::ofstream(argv[2]) << iconsynth::test::restructure_lottie(ours, rate, canvas).dump();
  } catch (const std::exception& e) {
    std::cerr << "restructure_lottie: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
