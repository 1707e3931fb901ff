#include "frontend/shortcuts.h"

#include <imgui.h>

namespace catan::ui {

namespace {

// The keys (as typed characters, either case) and their commands.
struct Key {
  ImWchar ch;
  Command cmd;
};
constexpr Key kKeys[] = {
    {'r', Command::Roll},           {'e', Command::EndTurn},  {'1', Command::ToolRoad},
    {'2', Command::ToolSettlement}, {'3', Command::ToolCity}, {'d', Command::BuyDevCard},
    {'t', Command::ToggleTrade},    {'h', Command::Hint},     {'?', Command::ToggleHelp}};

Command command_for(ImWchar c) {
  if (c >= 'A' && c <= 'Z') c = static_cast<ImWchar>(c - 'A' + 'a');
  for (const Key& k : kKeys)
    if (k.ch == c) return k.cmd;
  return Command::None;
}

}  // namespace

std::vector<Command> read_shortcuts() {
  std::vector<Command> out;
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) out.push_back(Command::Escape);
  if (io.WantTextInput) return out;
  for (int i = 0; i < io.InputQueueCharacters.Size; ++i) {
    const Command c = command_for(io.InputQueueCharacters[i]);
    if (c != Command::None) out.push_back(c);
  }
  return out;
}

}  // namespace catan::ui
