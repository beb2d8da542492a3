#include "tools/iconsynth/atomic_file.h"
#include "tools/iconsynth/commands.h"

#include "spec/json_reader.h"

#include <iostream>

namespace iconsynth::cli {

namespace {
constexpr int kExitFailed = 1;    // an operation failed (I/O, Cairo)
constexpr int kExitInvalid = 2;   // invalid usage or input
constexpr int kExitInternal = 3;  // a bug in iconsynth: never the user's input
}  // namespace

int report_failure(std::exception_ptr failure, std::ostream& err) {
  try {
    std::rethrow_exception(failure);
  } catch (const spec::SpecError& e) {
    // A field's error names its JSON pointer; the document's own (its JSON, its file) need none.
    err << "iconsynth: spec error" << (e.pointer().empty() ? std::string(": ") + e.problem() : " at " + std::string(e.what())) << "\n";
    return kExitInvalid;
  } catch (const std::invalid_argument& e) {
    err << "iconsynth: " << e.what() << "\n";
    return kExitInvalid;
  } catch (const std::logic_error& e) {  // after invalid_argument, which is one too
    err << "iconsynth: internal error: " << e.what() << " (a bug in iconsynth, not in your input; please report it)\n";
    return kExitInternal;
  } catch (const CheckFailed&) {
    return kExitFailed;  // the command has already said what differs
  } catch (const IoError& e) {
    err << "iconsynth: " << e.what() << "\n";
    return kExitFailed;
  } catch (const std::exception& e) {
    err << "iconsynth: failed: " << e.what() << "\n";
    return kExitFailed;
  }
}

namespace {

// Every command's --help ends with where its full manual page is: `man iconsynth-golden-check`.
void point_to_manual(CLI::App& command, const std::string& page) {
  command.footer("The full manual: man " + page);
  for (CLI::App* sub : command.get_subcommands([](CLI::App*) { return true; })) point_to_manual(*sub, page + "-" + sub->get_name());
}

}  // namespace

int run(int argc, char** argv) {
  CLI::App app("iconsynth: a procedural animated-icon synthesizer (gpu-cluster)", "iconsynth");
  app.set_version_flag("--version", std::string("iconsynth ") + ICONSYNTH_VERSION);
  app.require_subcommand(1);
  add_render_command(app);
  add_info_command(app);
  add_build_command(app);
  add_export_command(app);
  add_golden_command(app);
  add_check_command(app);
  add_fit_command(app);
  add_plot_command(app);
  add_spec_command(app);
  add_sheet_command(app);
  add_preview_command(app);
  add_completion_command(app);
  point_to_manual(app, "iconsynth");

  // CLI11 would only say "a subcommand is required"; name the word it did not know instead.
  if (argc > 1 && argv[1][0] != '-' && app.get_subcommands([&](CLI::App* c) { return c->get_name() == argv[1]; }).empty()) {
    std::string commands;
    for (const CLI::App* c : app.get_subcommands([](CLI::App*) { return true; })) {
      commands += (commands.empty() ? "" : ", ") + c->get_name();
    }
    std::cerr << "iconsynth: unknown command \"" << argv[1] << "\"; commands: " << commands << " (see --help)\n";
    return kExitInvalid;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitInvalid;
  } catch (...) {
    return report_failure(std::current_exception(), std::cerr);
  }
  return 0;
}

}  // namespace iconsynth::cli
