// catan-arena: AI-vs-AI matches. Placeholder until the AI players land (engine/ai/).
#include <cstdio>

int main(int /*argc*/, char** /*argv*/) {
  std::puts(R"({"ok":false,"error":"arena not implemented yet"})");
  return 1;
}
