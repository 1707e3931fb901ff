// catan-cli: the headless line protocol for bots and scripts (see shell/protocol.h).
#include "shell/protocol.h"

int main(int argc, char** argv) {
  return catan::run_protocol(argc, argv);
}
