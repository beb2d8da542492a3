// The translation unit the precompiled headers are built with (tools/pch/CMakeLists.txt).
