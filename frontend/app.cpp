#include "frontend/app.h"

#include <imgui.h>

#include <cmath>
#include <string>
#include <utility>

#include "engine/game.h"
#include "frontend/audio.h"
#include "frontend/chat_view.h"
#include "frontend/game_screen.h"
#include "frontend/match_types.h"
#include "frontend/new_game_screen.h"
#include "frontend/overlays.h"
#include "frontend/review_screen.h"
#include "frontend/room_play.h"
#include "frontend/room_screens.h"
#include "frontend/settings_view.h"
#include "frontend/theme.h"
#include "frontend/widgets.h"
#include "match/web_save.h"

namespace catan {
using namespace catan::ui;

namespace {

// The sea behind every screen, with slowly swaying waves.
void draw_background() {
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const Theme& th = theme();
  dl->AddRectFilledMultiColor(ImVec2(0, 0), ds, th.sea, th.sea, th.sea_deep, th.sea_deep);
  const double t = ambient_time(kWaveHz);
  for (int i = 0; i < 60; ++i) {
    const float fx = static_cast<float>((i * 0.618034) - std::floor(i * 0.618034));
    const float fy = static_cast<float>((i * 0.414214) - std::floor(i * 0.414214));
    const float x = fx * ds.x, y = fy * ds.y;
    const float sway = static_cast<float>(std::sin(t * 0.7 + i)) * 4.0f;
    const float w = 12.0f + static_cast<float>(i % 5) * 4.0f;
    dl->AddBezierQuadratic(ImVec2(x - w + sway, y), ImVec2(x + sway, y - 6.0f),
                           ImVec2(x + w + sway, y), th.sea_wave, 1.6f);
  }
}

// Until the host's room and first view arrive.
void draw_waiting_for_host() {
  const ImVec2 ds = ImGui::GetIO().DisplaySize;
  const char* text = "Waiting for the host...";
  const ImVec2 size = ImGui::CalcTextSize(text);
  ImGui::GetForegroundDrawList()->AddText(ImVec2((ds.x - size.x) / 2, (ds.y - size.y) / 2),
                                          theme().text, text);
}

}  // namespace

struct App::Impl {
  enum class Screen { NewGame, Game, Review } screen = Screen::NewGame;
  NewGameForm form;
  Session session;
  GameScreenState game;
  ReviewScreenState review;
  RoomPlay room;  // an online match, drawn instead of the local session while open
  GuestLobbyState guest_lobby;
  ChatViewState chat;  // the room's chat: its lines' view, the field, the mutes (for the room)
  Overlays overlays;
  Notice notice;
  double now = 0;
  bool pinched = false;  // a pinch since the last frame (App::pinch)

  Persistence persistence;
  size_t saved_history = 0;
  bool looked_for_save = false;  // persistence.load was asked (on the New game screen)
  std::string saved_text;        // what it returned
  UiSettings saved_settings;     // what persistence.save_settings last saw

  void start_game(const MatchConfig& mc) {
    // The review's and the hint's analyses end before the bots' first search starts.
    review.close();
    game.hint.clear();
    room.close();
    session.start(mc);
    session.update(now, 0);
    show_game_screen();
    saved_history = static_cast<size_t>(-1);
  }

  // The game screen, fresh: no tool, sheet, dialog or hint of an earlier game.
  void show_game_screen() {
    screen = Screen::Game;
    game.tool = Tool::None;
    game.side = SideTabsState{};
    game.log = LogView{};
    game.dialogs = RuleDialogsState{};
    game.end = EndScreenState{};
    game.hint.clear();
    game.win_bar = WinBarState{};
    game.show_end = false;
    game.game_over_at = -1;
    game.history_seen = 0;
    game.board.reset_view();
  }

  // An online match (RoomPlay::host or join done): its screen until the player leaves it.
  void start_room() {
    review.close();
    game.hint.clear();
    show_game_screen();
    chat = ChatViewState{};
  }

  // The room's chat, what it shows this frame: in the lobbies beside them or under them (a bar
  // that opens a sheet), in the game as a side tab.
  void feed_chat() {
    const match::GuestLink* link = room.link();
    chat.feed = {&room.chat(), room.chat_total(), link && link->room() ? &*link->room() : nullptr,
                 room.joined()};
    game.side.chat = &chat;
    set_lobby_area(lobby_area(chat, ImGui::GetIO().DisplaySize));
  }

  // The lobby's chat, unless the lobby has just closed the room.
  void lobby_chat() {
    if (!room.open()) return;
    draw_lobby_chat(chat);
    send_chat();
  }

  // The line the player sent this frame, to the room.
  void send_chat() {
    if (chat.to_send.empty()) return;
    std::string err;
    if (!room.say(std::exchange(chat.to_send, {}), &err)) notice.show(err, now);
  }

  // The room's screens: a lobby until the game has started (and, for a guest, it joined),
  // then the game screen of its link's view once the host's first view has arrived.
  void room_screen() {
    room.update(now, 6.0);
    feed_chat();
    if (room.hosting() && !room.started()) {
      host_lobby();
      lobby_chat();
      return;
    }
    if (!room.hosting() && (!room.joined() || !room.started())) {
      guest_lobby_screen();
      lobby_chat();
      return;
    }
    match::ViewMatch* m = room.match();
    if (m) show_fair_play(*room.link(), &game.end);
    if (!m) {
      draw_waiting_for_host();
    } else if (draw_game_screen(*m, now, notice, game, overlays) != GameExit::None) {
      // Leave room, a rematch, a new game or a review: the room ends at the New game screen.
      close_room();
      return;
    }
    // While the host is away its notice says what the transport does.
    if (room.host_away() == RoomPlay::HostAway::No) draw_room_connection(room);
    if (!room.hosting() && draw_host_away(room) == LobbyChoice::Close) close_room();
    send_chat();
  }

  void host_lobby() {
    switch (draw_host_lobby(room, notice, now)) {
      case LobbyChoice::Start: {
        std::string err;
        if (!room.start(&err)) notice.show("The game could not start: " + err, now);
        break;
      }
      case LobbyChoice::CopyLink:
        room_event("copy-link");
        break;
      case LobbyChoice::Close:
        close_room();
        break;
      case LobbyChoice::None:
      case LobbyChoice::Join:
        break;
    }
  }

  void guest_lobby_screen() {
    switch (draw_guest_lobby(room, guest_lobby)) {
      case LobbyChoice::Join: {
        std::string err;
        const std::string name = guest_lobby.name[0] ? guest_lobby.name : "Guest";
        if (!room.join(name, guest_lobby.seat, &err)) notice.show(err, now);
        break;
      }
      case LobbyChoice::Close:
        close_room();
        break;
      case LobbyChoice::None:
      case LobbyChoice::Start:
      case LobbyChoice::CopyLink:
        break;
    }
  }

  // The player closes or leaves the room: the page closes its transport.
  void close_room() {
    room.close();
    room_event("closed");
    to_new_game_screen();
  }

  void open_room_from_form() {
    std::string err;
    if (!room.host(config_from_form(form), &err, room_host_seat(form))) {
      notice.show("The room could not open: " + err, now);
      return;
    }
    room.codes().on = form.room_codes;
    start_room();
    room_event("hosting", form.room_codes ? "codes" : "");
  }

  // "Join with a code": the guest lobby, where the player pastes the host's invite code.
  void join_by_code() {
    room.connect("");
    room.codes().on = true;
    guest_lobby.seat = -1;
    start_room();
  }

  void to_new_game_screen() {
    screen = Screen::NewGame;
    form.refresh_board_seed();  // a new game, a new island (unless the player chose a seed)
    looked_for_save = false;
  }

  void save_if_changed() {
    if (!persistence.save || !session.active()) return;
    const size_t n = session.game().history().size();
    if (n == saved_history) return;
    saved_history = n;
    persistence.save(match::save_match(session.config(), session.game()).dump());
  }

  bool continue_saved(std::string* err) {
    if (persistence.resume) return persistence.resume(saved_text, err);
    MatchConfig mc;
    Game g;
    if (!match::load_match(saved_text, &mc, &g, err)) return false;
    start_game(mc);
    session.resume(mc, g);
    return true;
  }

  void save_settings_if_changed() {
    UiSettings now_s = settings();
    now_s.muted = saved_settings.muted;  // the page's mute is not a saved setting
    if (now_s == saved_settings || ImGui::IsAnyItemActive()) return;  // not while dragging
    saved_settings = now_s;
    if (persistence.save_settings) persistence.save_settings(settings_to_json(now_s));
  }

  void new_game_screen() {
    if (!looked_for_save && persistence.load) saved_text = persistence.load();
    looked_for_save = true;
    const bool can_continue = !saved_text.empty();
    switch (draw_new_game_screen(form, can_continue, notice, now)) {
      case NewGameChoice::None:
        break;
      case NewGameChoice::Start:
        start_game(config_from_form(form));
        break;
      case NewGameChoice::Continue: {
        std::string err;
        if (!continue_saved(&err)) {
          saved_text.clear();
          notice.show("The saved game could not be loaded: " + err, now);
        }
        break;
      }
      case NewGameChoice::Settings:
        overlays.settings = !overlays.settings;
        break;
      case NewGameChoice::Help:
        overlays.help = !overlays.help;
        break;
      case NewGameChoice::OpenRoom:
        open_room_from_form();
        break;
      case NewGameChoice::JoinByCode:
        join_by_code();
        break;
    }
  }

  void game_screen() {
    if (room.open()) {
      room_screen();
      return;
    }
    // Any input at this screen (a click, a drag, the wheel, a pinch, typing) shows the player
    // is there: a time-out waits for the gesture and the turn does not count as missed.
    const ImGuiIO& io = ImGui::GetIO();
    const bool moved = ImGui::IsMousePosValid() && (io.MouseDelta.x != 0 || io.MouseDelta.y != 0);
    if (pinched || moved || io.MouseWheel != 0 || io.MouseWheelH != 0 || ImGui::IsAnyMouseDown() ||
        io.InputQueueCharacters.Size > 0)
      session.note_presence(session.viewer());
    pinched = false;
    // A hint whose decision has passed ends before the bots' next search starts.
    if (game.hint.active() && session.game().history().size() != game.hint.for_history)
      game.hint.clear();
    session.update(now, 6.0);
    save_if_changed();
    game.end.fair_play = FairPlay::None;  // a local game has nothing to verify
    switch (draw_game_screen(session, now, notice, game, overlays)) {
      case GameExit::None:
        break;
      case GameExit::Rematch: {
        const MatchConfig mc = session.config();
        start_game(mc);
        break;
      }
      case GameExit::RematchNewSeed: {
        MatchConfig mc = session.config();
        mc.seeds = {random_board_seed(), match::fresh_seed()};
        start_game(mc);
        break;
      }
      case GameExit::NewGame:
        to_new_game_screen();
        break;
      case GameExit::Review:
        open_review();
        break;
    }
  }

  // The review of the session's game (the end screen's Review, a replay link).
  void open_review() {
    if (!session.active()) return;
    review.open(session.config(), session.game());
    screen = Screen::Review;
  }

  void review_screen() {
    switch (draw_review_screen(review, now)) {
      case ReviewChoice::None:
        break;
      case ReviewChoice::Back:
        review.close();
        screen = Screen::Game;
        break;
      case ReviewChoice::PlayFromHere: {
        // The same seats (humans stay human, the same bots), the game cut at this position.
        Game g;
        std::string err;
        if (!review.can_play_from_here() || !review.game_at_position(&g, &err)) {
          notice.show("This position cannot be played on: " + err, now);
          break;
        }
        const MatchConfig mc = review.config();
        review.close();
        start_game(mc);
        session.resume(mc, g);
        break;
      }
    }
  }

  void frame() {
    now = ImGui::GetTime();
    begin_test_ids_frame();
    draw_background();
    if (screen == Screen::NewGame)
      new_game_screen();
    else if (screen == Screen::Review)
      review_screen();
    else
      game_screen();
    if (overlays.help) draw_help(&overlays.help);
    if (overlays.settings) {
      const SettingsEdits edits = draw_settings_window(&overlays.settings);
      // The AI's pace changes only when the player moves its control.
      if (edits.ai_speed && session.active())
        session.set_ai_delay(match::ai_delay_for_speed(settings().ai_speed));
    }
    save_settings_if_changed();
  }
};

App::App() : impl_(std::make_unique<Impl>()) {}
App::~App() = default;

void App::frame(float /*dt*/) {
  impl_->frame();
}

void App::pinch(float delta) {
  impl_->game.board.pinch(delta);
  impl_->pinched = true;
}

void App::set_persistence(Persistence p) {
  impl_->persistence = std::move(p);
  impl_->looked_for_save = false;
  if (impl_->persistence.load_settings) {
    const std::string text = impl_->persistence.load_settings();
    UiSettings s = settings();
    if (!text.empty() && settings_from_json(text, &s)) {
      const bool cb = s.colorblind;
      settings() = s;
      set_colorblind(cb);  // rebuilds the palette
    }
  }
  impl_->saved_settings = settings();
  apply_audio_settings();  // a saved "sound off" or volume takes effect at once
}

match::Session& App::session() {
  return impl_->session;
}

void App::start_match(const match::MatchConfig& config) {
  impl_->start_game(config);
}

void App::resume_match(const match::MatchConfig& config, const Game& game) {
  impl_->start_game(config);
  impl_->session.resume(config, game);
}

bool App::host_room(const match::MatchConfig& config, std::string* error) {
  if (!impl_->room.host(config, error)) return false;
  impl_->start_room();
  return true;
}

void App::connect_room(const std::string& token, const std::string& nonce) {
  impl_->room.connect(token, nonce);
  impl_->guest_lobby.seat = -1;
  impl_->start_room();
}

void App::join_room(const std::string& name, int seat, const std::string& token) {
  impl_->room.join(name, seat, token);
  impl_->start_room();
}

bool App::resume_room(std::string_view snapshot, std::string* error) {
  if (!impl_->room.resume(snapshot, error)) return false;
  impl_->start_room();
  return true;
}

void App::leave_room() {
  if (!impl_->room.open()) return;
  impl_->room.close();
  impl_->to_new_game_screen();
}

ui::RoomPlay& App::room() {
  return impl_->room;
}

void App::show_notice(const std::string& text) {
  impl_->notice.show(text, impl_->now);
}

std::string App::open_sheet() const {
  const ui::SideTabsState& side = impl_->game.side;
  if (!side.phone || !side.sheet_open) return "";
  switch (side.tab) {
    case ui::SideTabsState::Players:
      return "players";
    case ui::SideTabsState::Log:
      return "log";
    case ui::SideTabsState::Trade:
      return "trade";
    case ui::SideTabsState::Cards:
      return "cards";
    case ui::SideTabsState::Chat:
      return "chat";
  }
  return "";
}

std::string App::hint_status() const {
  const ui::HintState& h = impl_->game.hint;
  if (!h.active()) return "";
  return h.status == ui::HintState::Status::Thinking ? "thinking" : "ready";
}

double App::hint_progress() const {
  return ui::hint_progress(impl_->game.hint);
}

double App::hint_seconds_left() const {
  return ui::hint_seconds_left(impl_->game.hint);
}

std::string App::hint_action() const {
  const ui::HintState& h = impl_->game.hint;
  return h.ready() ? h.advice.options.front().action.to_string() : "";
}

ImVec2 App::board_vertex_pos(int v) const {
  return impl_->game.board.vertex_pos(v);
}

ImVec2 App::board_edge_pos(int e) const {
  return impl_->game.board.edge_pos(e);
}

ImVec2 App::board_hex_pos(int h) const {
  return impl_->game.board.hex_pos(h);
}

ui::NewGameForm& App::new_game_form() {
  return impl_->form;
}

void App::open_review() {
  impl_->open_review();
}

bool App::review_open() const {
  return impl_->screen == Impl::Screen::Review;
}

ui::ReviewScreenState& App::review() {
  return impl_->review;
}

}  // namespace catan
