// The source-to-source step of wavemma-hipcc (rewrite.hpp). It parses the preprocessed
// translation unit with clang's HIP front end in host mode, where device code is checked but its
// host/device call rules are deferred (-fgpu-defer-diag), and edits the text with clang's
// Rewriter. Everything it edits lies in the one preprocessed buffer: no macro or include is left.

#include "rewrite.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/Builtins.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Lexer.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <clang/Tooling/Tooling.h>

#include <fmt/format.h>

#include "wavemma/isa/builtin.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

namespace wavemma::hipcc {
namespace {

using namespace clang;

// Every diagnostic of the parse and of wavemma's own checks, kept until the parse ends: a refusal
// found in the AST replaces the errors it causes, and all are rendered at the user's places.
class Diagnostics : public DiagnosticConsumer {
public:
  explicit Diagnostics(RewriteInput const& in) : in_(in) {}

  void HandleDiagnostic(DiagnosticsEngine::Level level, Diagnostic const& info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (info.hasSourceManager()) sm_ = &info.getSourceManager();
    SmallString<256> text;
    info.FormatDiagnostic(text);
    std::string message = text.str().str();
    if (level == DiagnosticsEngine::Warning || level == DiagnosticsEngine::Error) {
      StringRef const option = info.getDiags()->getDiagnosticIDs()->getWarningOptionForDiag(info.getID());
      if (!option.empty()) message += " [-W" + option.str() + "]";
    }
    add(level, info.getLocation(), std::move(message));
  }

  void add(DiagnosticsEngine::Level level, SourceLocation at, std::string message) {
    if (level != DiagnosticsEngine::Note || groups_.empty()) groups_.emplace_back();
    groups_.back().push_back({level, at, std::move(message)});
  }
  // A use of what wavemma refuses: the primary error at the use, instead of what it caused.
  void refuse(SourceLocation at, std::string message) {
    for (auto const& r : refusals_)
      if (offset(r.at) == offset(at)) return;
    refusals_.push_back({DiagnosticsEngine::Error, at, std::move(message)});
  }
  void set_source_manager(SourceManager& sm) { sm_ = &sm; }

  // Each error with its notes, rendered, in the order of the source.
  std::vector<std::string> render() const {
    std::vector<std::tuple<unsigned, size_t, std::string>> out; // (offset, order found, text)
    for (auto const& r : refusals_) out.emplace_back(offset(r.at), out.size(), render(r));
    for (auto const& group : groups_) {
      Entry const& primary = group.front();
      if (primary.level < DiagnosticsEngine::Error) continue; // -w: notes alone, remarks
      bool const caused = std::any_of(refusals_.begin(), refusals_.end(), [&](Entry const& r) {
        return offset(r.at) == offset(primary.at) || primary.message.find(r.message) != std::string::npos;
      });
      if (caused) continue;
      std::string text;
      for (auto const& e : group) text += render(e);
      out.emplace_back(offset(primary.at), out.size(), std::move(text));
    }
    std::sort(out.begin(), out.end()); // in the order of the source
    std::vector<std::string> texts;
    for (auto& entry : out) texts.push_back(std::move(std::get<2>(entry)));
    return texts;
  }

private:
  struct Entry {
    DiagnosticsEngine::Level level;
    SourceLocation at;
    std::string message;
  };

  unsigned offset(SourceLocation at) const {
    return sm_ && at.isValid() ? sm_->getFileOffset(sm_->getExpansionLoc(at)) : ~0u;
  }

  std::string render(Entry const& e) const {
    char const* severity = e.level == DiagnosticsEngine::Fatal     ? "fatal error"
                           : e.level == DiagnosticsEngine::Error   ? "error"
                           : e.level == DiagnosticsEngine::Warning ? "warning"
                           : e.level == DiagnosticsEngine::Remark  ? "remark"
                                                                   : "note";
    if (sm_ == nullptr || e.at.isInvalid()) return fmt::format("{}: {}: {}\n", in_.name, severity, e.message);
    SourceLocation const at = sm_->getExpansionLoc(e.at);
    PresumedLoc const p = sm_->getPresumedLoc(at);
    auto const [file, offset] = sm_->getDecomposedLoc(at);
    StringRef const buffer = sm_->getBufferData(file);
    size_t const start = offset == 0 ? 0 : buffer.rfind('\n', offset - 1) + 1; // npos + 1 == 0
    size_t const end = std::min(buffer.find('\n', offset), buffer.size());
    PreprocessedPlace const place{p.isValid() ? p.getFilename() : in_.name, p.isValid() ? p.getLine() : 0,
                                  std::string_view(buffer.data() + start, end - start), offset - unsigned(start) + 1};
    return render_diagnostic(place, severity, e.message, in_.caret);
  }

  RewriteInput const& in_;
  SourceManager* sm_ = nullptr;
  std::vector<std::vector<Entry>> groups_;
  std::vector<Entry> refusals_;
};

// A builtin wavemma emulates is a macro of its headers, expanded before this parse: an expression
// whose place in the user's line is a `__builtin_amdgcn_*` name, while the parse reads something
// else there, is one. clang's own declaration of that builtin says which arguments must be
// integer constants; each such argument, as the user wrote it, is found among the expression's
// subexpressions (and template arguments) and must be one, or the error is clang's. An optional
// argument clang's declaration leaves to its variadic tail (gfx1250 iu8's clamp), which clang's
// Sema checks itself, is taken from the catalog's signature. An argument that is itself a macro,
// or a call written over several lines, is not checked.
class ConstantArguments {
public:
  explicit ConstantArguments(ASTContext& ast) : ast_(ast), sm_(ast.getSourceManager()) {}

  // The error for `e` (a call of wavemma's, or what the parse recovered of one), if any.
  std::optional<std::string> check(Expr const* e) {
    SourceLocation const at = sm_.getExpansionLoc(e->getBeginLoc());
    if (at.isInvalid() || sm_.isInSystemHeader(at)) return std::nullopt;
    PresumedLoc const p = sm_.getPresumedLoc(at);
    if (p.isInvalid()) return std::nullopt;
    auto const [file, offset] = sm_.getDecomposedLoc(at);
    StringRef const buffer = sm_.getBufferData(file);
    size_t const start = offset == 0 ? 0 : buffer.rfind('\n', offset - 1) + 1;
    size_t const end = std::min(buffer.find('\n', offset), buffer.size());
    std::string_view const line(buffer.data() + start, end - start);
    if (line.substr(offset - start).starts_with("__builtin_amdgcn_")) return std::nullopt; // clang's own builtin
    UserPlace const user = user_place({p.getFilename(), p.getLine(), line, offset - static_cast<unsigned>(start) + 1});
    if (user.column == 0 || user.column > user.text.size()) return std::nullopt;
    std::vector<std::string_view> const tokens = token_spellings(user.text.substr(user.column - 1));
    if (tokens.size() < 2 || !tokens[0].starts_with("__builtin_amdgcn_") || tokens[1] != "(") return std::nullopt;
    std::string const name(tokens[0]);
    if (!checked_.insert(fmt::format("{}:{}:{}", p.getFilename(), p.getLine(), user.column)).second)
      return std::nullopt;
    unsigned const id = ast_.Idents.get(name).getBuiltinID();
    if (id == 0) return std::nullopt;
    ASTContext::GetBuiltinTypeError type_error = ASTContext::GE_None;
    unsigned constants = 0; // bit i: argument i must be an integer constant
    ast_.GetBuiltinType(id, type_error, &constants);
    unsigned optional = 0; // bit i: argument i is an optional constant of the variadic tail
    if (isa::Builtin const* b = isa::find_builtin(name))
      for (size_t a = 0; a < b->params.size() && a < 32; ++a)
        if (b->params[a].constant && b->params[a].optional) optional |= 1u << a;
    constants |= optional;
    if (constants == 0) return std::nullopt;
    // The arguments as written: the tokens between the parentheses, split at the outer commas.
    std::vector<std::vector<std::string_view>> args(1);
    int depth = 0;
    size_t i = 2;
    for (; i < tokens.size(); ++i) {
      std::string_view const t = tokens[i];
      if ((t == ")" || t == "]" || t == "}") && depth == 0) break;
      if (t == "(" || t == "[" || t == "{") ++depth;
      if (t == ")" || t == "]" || t == "}") --depth;
      if (t == "," && depth == 0)
        args.emplace_back();
      else
        args.back().push_back(t);
    }
    if (i == tokens.size()) return std::nullopt; // the call goes on past this line
    for (unsigned a = 0; a < args.size() && a < 32; ++a) {
      if (!(constants >> a & 1) || args[a].empty()) continue;
      Expr const* written = find_written(e, args[a]);
      if (written != nullptr && !written->isValueDependent() && !written->isIntegerConstantExpr(ast_))
        return (optional >> a & 1) ? std::string("expression is not an integral constant expression") // clang's
                                   : fmt::format("argument to '{}' must be a constant integer", name);
    }
    return std::nullopt;
  }

private:
  // The outermost subexpression of `root` whose text is `tokens` (or `tokens` in parentheses),
  // template arguments included.
  Expr const* find_written(Stmt const* root, std::vector<std::string_view> const& tokens) {
    if (root == nullptr) return nullptr;
    auto const* e = dyn_cast<Expr>(root);
    if (e && !llvm::isa<ImplicitCastExpr>(e) && e->getBeginLoc().isValid() && e->getEndLoc().isValid()) {
      SourceLocation const begin = sm_.getExpansionLoc(e->getBeginLoc());
      SourceLocation const end =
          Lexer::getLocForEndOfToken(sm_.getExpansionLoc(e->getEndLoc()), 0, sm_, ast_.getLangOpts());
      if (end.isValid() && sm_.getFileID(begin) == sm_.getFileID(end) &&
          sm_.getFileOffset(begin) <= sm_.getFileOffset(end)) {
        std::string const source =
            Lexer::getSourceText(CharSourceRange::getCharRange(begin, end), sm_, ast_.getLangOpts()).str();
        std::vector<std::string_view> const spelled = token_spellings(source);
        bool const parenthesised = spelled.size() == tokens.size() + 2 && spelled.front() == "(" &&
                                   spelled.back() == ")" &&
                                   std::equal(tokens.begin(), tokens.end(), spelled.begin() + 1);
        if (spelled == tokens || parenthesised) return e;
      }
    }
    ArrayRef<TemplateArgumentLoc> written;
    if (auto const* overload = dyn_cast_or_null<OverloadExpr>(e)) written = overload->template_arguments();
    if (auto const* ref = dyn_cast_or_null<DeclRefExpr>(e)) written = ref->template_arguments();
    for (TemplateArgumentLoc const& arg : written)
      if (arg.getArgument().getKind() == TemplateArgument::Expression)
        if (Expr const* found = find_written(arg.getSourceExpression(), tokens)) return found;
    for (Stmt const* child : root->children())
      if (Expr const* found = find_written(child, tokens)) return found;
    return nullptr;
  }

  ASTContext& ast_;
  SourceManager& sm_;
  std::set<std::string> checked_; // the builtin calls checked, by the user's place
};

// What wavemma's headers refuse: a function template whose body is a static_assert that says
// "not emulated" (its message is the refusal). A use is a call that instantiates it (a reference
// to a specialisation) or that overload resolution rejected (a recovery expression around its
// name); a name in a template that is never instantiated is no use, as with HIP.
class Refusals : public RecursiveASTVisitor<Refusals> {
public:
  Refusals(ASTContext& ast, Diagnostics& diags) : diags_(diags), constants_(ast) {}
  bool found() const { return found_; }

  bool VisitDeclRefExpr(DeclRefExpr* ref) {
    auto const* fn = dyn_cast<FunctionDecl>(ref->getDecl());
    if (fn && fn->getPrimaryTemplate())
      if (auto const message = refusal(fn)) refuse(ref->getBeginLoc(), *message);
    return true;
  }
  bool VisitRecoveryExpr(RecoveryExpr* recovery) {
    // A builtin's immediate that wavemma takes as a template argument: not a constant, clang's
    // error instead of the failed overload.
    if (auto const refused = constants_.check(recovery)) refuse(recovery->getBeginLoc(), *refused);
    for (Expr* e : recovery->subExpressions()) {
      e = e ? e->IgnoreParenImpCasts() : nullptr;
      if (auto const* overload = dyn_cast_or_null<OverloadExpr>(e)) {
        for (NamedDecl const* d : overload->decls())
          if (auto const message = refusal(d)) {
            refuse(overload->getBeginLoc(), *message);
            break;
          }
      } else if (auto const* ref = dyn_cast_or_null<DeclRefExpr>(e)) {
        if (auto const message = refusal(ref->getDecl())) refuse(ref->getBeginLoc(), *message);
      }
    }
    return true;
  }

private:
  std::optional<std::string> refusal(Decl const* d) {
    if (auto const* shadow = dyn_cast_or_null<UsingShadowDecl>(d)) d = shadow->getTargetDecl();
    FunctionDecl const* fn = nullptr;
    if (auto const* t = dyn_cast_or_null<FunctionTemplateDecl>(d))
      fn = t->getTemplatedDecl();
    else if (auto const* f = dyn_cast_or_null<FunctionDecl>(d))
      fn = f->getPrimaryTemplate() ? f->getPrimaryTemplate()->getTemplatedDecl() : f;
    if (fn == nullptr) return std::nullopt;
    auto [at, inserted] = cache_.try_emplace(fn);
    if (!inserted) return at->second;
    if (auto const* body = dyn_cast_or_null<CompoundStmt>(fn->getBody()))
      for (Stmt const* s : body->body())
        if (auto const* decls = dyn_cast<DeclStmt>(s))
          for (Decl const* decl : decls->decls())
            if (auto const* assertion = dyn_cast<StaticAssertDecl>(decl))
              if (auto const* text = dyn_cast_or_null<StringLiteral>(assertion->getMessage());
                  text && text->getString().contains("not emulated"))
                at->second = text->getString().str();
    return at->second;
  }

  void refuse(SourceLocation at, std::string const& message) {
    diags_.refuse(at, message);
    found_ = true;
  }

  Diagnostics& diags_;
  ConstantArguments constants_;
  std::map<FunctionDecl const*, std::optional<std::string>> cache_;
  bool found_ = false;
};

// A range of the buffer that an edit has replaced: nothing inside it may be edited again.
struct Replaced {
  unsigned begin, end;
};

class Rewriting : public RecursiveASTVisitor<Rewriting> {
public:
  Rewriting(ASTContext& ast, Rewriter& rw, RewriteInput const& in, RewriteOutput& out, Diagnostics& diags)
      : ast_(ast), sm_(ast.getSourceManager()), rw_(rw), in_(in), out_(out), diags_(diags) {}

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr* call) {
    if (inside_replaced(call->getBeginLoc())) return true;
    CallExpr const* config = call->getConfig();
    if (config == nullptr) return error(call->getBeginLoc(), "a kernel launch without a configuration");
    SourceLocation const open = config->getBeginLoc();   // <<<
    SourceLocation const close = config->getRParenLoc(); // >>>
    std::string const args = text(end_of(open), close);
    rw_.InsertTextBefore(call->getCallee()->getBeginLoc(), "(::__wavemma_push_launch(" + args + "), ");
    rw_.RemoveText(CharSourceRange::getCharRange(open, end_of(close)));
    rw_.InsertTextAfterToken(call->getRParenLoc(), ")");
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl* fn) {
    if (!fn->doesThisDeclarationHaveABody() || inside_replaced(fn->getBeginLoc())) return true;
    bool const kernel = fn->hasAttr<CUDAGlobalAttr>();
    bool const device = fn->hasAttr<CUDADeviceAttr>() && !fn->getAttr<CUDADeviceAttr>()->isImplicit();
    bool const host = fn->hasAttr<CUDAHostAttr>() && !fn->getAttr<CUDAHostAttr>()->isImplicit();
    if (kernel || device) out_.has_device_code = true;
    if (in_.side == Side::kDevice && (kernel || device)) check_runs_on_cpu(fn->getBody());
    if (kernel) return rewrite_kernel(fn);
    // Each pass compiles only its own side's functions, as HIP's passes emit only theirs: a
    // device-only body may use what only the device pass provides, and a function may be
    // overloaded on its side (`__host__ float f(float)` beside `__device__ float f(float)`), which
    // C++ would take for two definitions of one function. The other side's free functions become
    // declarations; its member functions keep a body that traps.
    bool const other_side = in_.side == Side::kHost ? device && !host : host && !device;
    if (other_side && !fn->isConstexpr()) {
      bool const free_function = !llvm::isa<CXXMethodDecl>(fn);
      // The device pass keeps host functions that a declaration could not stand for: internal,
      // inline or template ones, which its own (never run) host code may call.
      // So does it one with a twin on its own side (`__host__ inline int clz(unsigned)` beside
      // `__device__ inline int clz(unsigned)`): C++ would take the two bodies for one function's.
      bool const declarable =
          in_.side == Side::kHost || has_twin_on_this_side(fn) ||
          (fn->isExternallyVisible() && !fn->isInlined() && !fn->isTemplated() && !fn->isInlineSpecified());
      if (free_function && declarable)
        replace(fn->getBody()->getSourceRange(), ";");
      else if (in_.side == Side::kHost)
        replace(fn->getBody()->getSourceRange(), "{ __builtin_trap(); }");
    }
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr* lambda) {
    CXXMethodDecl const* op = lambda->getCallOperator();
    if (in_.side == Side::kDevice && op->hasAttr<CUDADeviceAttr>() && !op->getAttr<CUDADeviceAttr>()->isImplicit())
      check_runs_on_cpu(lambda->getBody());
    if (!inside_replaced(lambda->getBeginLoc())) strip_lambda_attributes(lambda);
    return true;
  }

  bool VisitVarDecl(VarDecl* var) {
    if (inside_replaced(var->getBeginLoc())) return true;
    if (var->hasAttr<HIPManagedAttr>())
      return error(var->getLocation(), "__managed__ variables are not emulated (use hipMallocManaged)");
    if (var->hasAttr<CUDASharedAttr>()) return rewrite_shared(var);
    if ((var->hasAttr<CUDADeviceAttr>() || var->hasAttr<CUDAConstantAttr>()) && var->isFileVarDecl() &&
        var->isThisDeclarationADefinition() == VarDecl::Definition && !var->isTemplated())
      register_device_variable(var);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr* ref) {
    if (inside_replaced(ref->getBeginLoc())) return true;
    if (auto const* var = dyn_cast<VarDecl>(ref->getDecl()); var && dynamic_shared_.count(var)) {
      // Every use of an `extern __shared__ T x[]` reads the launch's dynamic shared memory.
      std::string const elem =
          var->getType()->getAsArrayTypeUnsafe()->getElementType().getAsString(ast_.getPrintingPolicy());
      replace(ref->getSourceRange(),
              "(*reinterpret_cast<" + elem + "(*)[]>(::wavemma::hip::detail::dynamic_shared_memory()))");
    }
    return true;
  }

private:
  // --- kernels ----------------------------------------------------------------------------------
  // Host pass: the body becomes a stub that hands its arguments to the device pass's kernel of the
  // launched target. Device pass: the body first registers the kernel. Both name it by its file
  // and its __PRETTY_FUNCTION__, which both passes spell alike.
  bool rewrite_kernel(FunctionDecl* fn) {
    struct Param {
      std::string name;
      bool pack;
      std::string each(std::string_view form) const { // form applied to the name, "..." for a pack
        return fmt::format(fmt::runtime(form), name) + (pack ? "..." : "");
      }
    };
    std::vector<Param> params;
    for (unsigned i = 0; i < fn->getNumParams(); ++i) {
      ParmVarDecl* p = fn->getParamDecl(i);
      std::string name = p->getName().str();
      if (name.empty()) {
        TypeLoc const tl = p->getTypeSourceInfo() ? p->getTypeSourceInfo()->getTypeLoc() : TypeLoc{};
        if (tl.isNull() || tl.getAs<ArrayTypeLoc>() || tl.getAs<ParenTypeLoc>() || tl.getAs<FunctionTypeLoc>())
          return error(p->getBeginLoc(), "give this kernel parameter a name (wavemma passes it by name)");
        name = fmt::format("__wavemma_p{}", i);
        rw_.InsertTextAfterToken(p->getEndLoc(), " " + name);
      }
      params.push_back({name, p->isParameterPack()});
    }
    auto joined = [&](std::string_view form) {
      std::string out;
      for (auto const& p : params) out += (out.empty() ? "" : ", ") + p.each(form);
      return out;
    };
    std::string const file = quoted(presumed_file(fn->getLocation()));
    std::string const key = "static constexpr char const* __wavemma_kernel_name = __PRETTY_FUNCTION__;";
    auto const* body = dyn_cast<CompoundStmt>(fn->getBody());
    if (body == nullptr)
      return error(fn->getLocation(), "a kernel whose body is a function-try-block is not supported");
    if (in_.side == Side::kHost) {
      replace(body->getSourceRange(),
              fmt::format("{{ {} ::wavemma::hip::detail::launch_stub({}, __wavemma_kernel_name, {{{}}}); }}", key, file,
                          joined("::wavemma::hip::detail::address_of({})")));
      return true;
    }
    rw_.InsertTextAfterToken(
        body->getLBracLoc(),
        fmt::format(" {} struct __wavemma_kernel_key {{ "
                    "static char const* __wavemma_file() {{ return {}; }} "
                    "static char const* __wavemma_name() {{ return __wavemma_kernel_name; }} "
                    "static char const* __wavemma_target() {{ return {}; }} "
                    "static int __wavemma_wave() {{ return {}; }} "
                    "static void __wavemma_run(void** __wavemma_args) {{ ::wavemma::hip::detail::invoke<{}>("
                    "[](auto... __wavemma_a) {{ {}{}(__wavemma_a...); }}, __wavemma_args); }} }}; "
                    "(void)::__wavemma_kernel_registered<__wavemma_kernel_key>::value;",
                    key, file, quoted(in_.target), in_.wave, joined("decltype({})"), fn->getNameAsString(),
                    template_arguments(fn)));
    return true;
  }

  // Whether a function of the other side has a same-typed overload defined for this pass's side.
  bool has_twin_on_this_side(FunctionDecl const* fn) {
    auto const side_of = [](FunctionDecl const* f) {
      bool const device = f->hasAttr<CUDADeviceAttr>() && !f->getAttr<CUDADeviceAttr>()->isImplicit();
      bool const host = f->hasAttr<CUDAHostAttr>() && !f->getAttr<CUDAHostAttr>()->isImplicit();
      return std::pair{host || !device, device};
    };
    for (NamedDecl const* d : fn->getDeclContext()->getRedeclContext()->lookup(fn->getDeclName())) {
      FunctionDecl const* other = d->getAsFunction();
      if (other == nullptr || other->getCanonicalDecl() == fn->getCanonicalDecl()) continue;
      auto const [host, device] = side_of(other);
      if ((in_.side == Side::kDevice ? device : host) && other->isDefined() &&
          ast_.hasSameType(other->getType(), fn->getType()))
        return true;
    }
    return false;
  }

  // `[] __device__ (int x) {...}`: HIP's qualifiers stand between a lambda's introducer (or its
  // template parameters) and its parameters, where C++ takes no GNU attribute. They are removed
  // (blanked, so that columns stay); the call operator's side was read from the AST above.
  void strip_lambda_attributes(LambdaExpr const* lambda) {
    SourceLocation from = end_of(lambda->getIntroducerRange().getEnd());
    if (TemplateParameterList const* tp = lambda->getTemplateParameterList()) from = end_of(tp->getRAngleLoc());
    SourceLocation to = lambda->getCompoundStmtBody()->getLBracLoc();
    if (lambda->hasExplicitParameters())
      if (TypeSourceInfo const* tsi = lambda->getCallOperator()->getTypeSourceInfo())
        if (auto const ftl = tsi->getTypeLoc().getAsAdjusted<FunctionTypeLoc>()) to = ftl.getLParenLoc();
    if (from.isInvalid() || to.isInvalid() || from.isMacroID() || to.isMacroID()) return;
    std::string const between = text(from, to);
    constexpr std::string_view kAttribute = "__attribute__";
    for (size_t at = between.find(kAttribute); at != std::string::npos; at = between.find(kAttribute, at + 1)) {
      size_t end = at + kAttribute.size();
      while (end < between.size() && std::isspace(static_cast<unsigned char>(between[end]))) ++end;
      if (end >= between.size() || between[end] != '(') continue;
      int depth = 0;
      for (; end < between.size(); ++end) {
        depth += between[end] == '(' ? 1 : between[end] == ')' ? -1 : 0;
        if (depth == 0) break;
      }
      if (end >= between.size()) return;
      rw_.ReplaceText(from.getLocWithOffset(static_cast<int>(at)), static_cast<unsigned>(end + 1 - at),
                      std::string(end + 1 - at, ' '));
      at = end;
    }
  }

  // The kernel's own name with its template parameters, as its body can call it: "k<T, N, Ts...>".
  std::string template_arguments(FunctionDecl const* fn) {
    if (auto const* args = fn->getTemplateSpecializationArgsAsWritten())
      return "<" + text(end_of(args->getLAngleLoc()), args->getRAngleLoc()) + ">";
    FunctionTemplateDecl const* tmpl = fn->getDescribedFunctionTemplate();
    if (tmpl == nullptr) return "";
    std::string out;
    unsigned i = 0;
    for (NamedDecl const* p : *tmpl->getTemplateParameters()) {
      std::string name = p->getName().str();
      if (name.empty()) {
        name = fmt::format("__wavemma_t{}", i);
        rw_.InsertTextAfterToken(p->getEndLoc(), " " + name);
      }
      out += (out.empty() ? "" : ", ") + name + (p->isParameterPack() ? "..." : "");
      ++i;
    }
    return "<" + out + ">";
  }

  // --- variables --------------------------------------------------------------------------------
  // LDS is one copy per block; a block runs on one OS thread, one block after another.
  bool rewrite_shared(VarDecl* var) {
    if (var->hasExternalStorage() && var->getType()->isIncompleteArrayType()) {
      dynamic_shared_.insert(var);
      replace(var->getSourceRange(), "");
      return true;
    }
    SourceLocation const at = var->getBeginLoc();
    if (!shared_done_.insert(at.getRawEncoding()).second) return true; // `__shared__ T a, b;`
    bool const local = var->isLocalVarDeclOrParm();
    rw_.InsertTextBefore(at, local && !var->isStaticLocal() ? "static thread_local " : "thread_local ");
    return true;
  }

  // hipMemcpyToSymbol and friends find the device copy of the target by the host copy's address.
  void register_device_variable(VarDecl* var) {
    out_.has_device_code = true;
    SourceLocation const semi =
        Lexer::findLocationAfterToken(var->getEndLoc(), tok::semi, sm_, ast_.getLangOpts(), false);
    if (semi.isInvalid()) {
      error(var->getLocation(), "cannot find the end of this __device__ variable's declaration");
      return;
    }
    std::string const key = quoted(presumed_file(var->getLocation()) + ":" + var->getQualifiedNameAsString());
    std::string const reg =
        in_.side == Side::kHost
            ? fmt::format("::wavemma::hip::detail::register_host_shadow({}, "
                          "::wavemma::hip::detail::address_of({}))",
                          key, var->getName().str())
            : fmt::format("::wavemma::hip::detail::register_device_variable({}, {}, {}, "
                          "::wavemma::hip::detail::address_of({}), sizeof({}))",
                          key, quoted(in_.target), in_.wave, var->getName().str(), var->getName().str());
    rw_.InsertTextAfter(
        semi, fmt::format(" [[maybe_unused]] static bool const __wavemma_variable_{} = {};", variable_count_++, reg));
  }

  // --- what cannot run on the CPU ---------------------------------------------------------------
  void check_runs_on_cpu(Stmt const* body) {
    struct Finder : RecursiveASTVisitor<Finder> {
      Rewriting* self;
      bool VisitAsmStmt(AsmStmt* s) {
        self->error(s->getAsmLoc(), "inline assembly in device code cannot run on the CPU");
        return true;
      }
      bool VisitCallExpr(CallExpr* call) {
        if (call->getDirectCallee() && call->getDirectCallee()->getQualifiedNameAsString().starts_with("wavemma::"))
          if (auto const refused = self->constants_.check(call)) self->error(call->getBeginLoc(), *refused);
        return true;
      }
      bool VisitDeclRefExpr(DeclRefExpr* ref) {
        auto const* fn = dyn_cast<FunctionDecl>(ref->getDecl());
        if (fn && fn->getBuiltinID() != 0 && fn->getName().starts_with("__builtin_amdgcn_"))
          self->error(ref->getBeginLoc(),
                      fn->getName().str() + " is not emulated by wavemma (docs/simt.md lists what is)");
        else if (fn && (fn->getName().starts_with("__ockl_") || fn->getName().starts_with("__ocml_")))
          self->error(ref->getBeginLoc(), fn->getName().str() + " (ROCm device library) is not emulated by wavemma");
        else if (auto const* label = fn ? fn->getAttr<AsmLabelAttr>() : nullptr;
                 label && label->getLabel().starts_with("llvm.amdgcn."))
          // `T f(...) __asm("llvm.amdgcn.raw.buffer.load.f32")`: an AMDGPU intrinsic called by
          // its LLVM name, which the host's backend cannot select.
          self->error(ref->getBeginLoc(), fn->getName().str() + " is the AMDGPU intrinsic " + label->getLabel().str() +
                                              " (an asm label), which wavemma does not emulate");
        return true;
      }
    } finder;
    finder.self = this;
    finder.TraverseStmt(const_cast<Stmt*>(body));
  }

  // --- helpers ----------------------------------------------------------------------------------
  bool error(SourceLocation at, std::string const& what) {
    diags_.add(DiagnosticsEngine::Error, at, what);
    return true;
  }

  std::string presumed_file(SourceLocation at) {
    PresumedLoc const p = sm_.getPresumedLoc(sm_.getExpansionLoc(at));
    return p.isValid() ? p.getFilename() : in_.name;
  }

  SourceLocation end_of(SourceLocation token) { return Lexer::getLocForEndOfToken(token, 0, sm_, ast_.getLangOpts()); }
  std::string text(SourceLocation begin, SourceLocation end) {
    return Lexer::getSourceText(CharSourceRange::getCharRange(begin, end), sm_, ast_.getLangOpts()).str();
  }

  // The replaced text's line breaks stay, after the replacement, so that lines keep their numbers.
  void replace(SourceRange range, std::string with) {
    std::string const old = text(range.getBegin(), end_of(range.getEnd()));
    with.append(std::count(old.begin(), old.end(), '\n'), '\n');
    rw_.ReplaceText(range, with);
    replaced_.push_back({sm_.getFileOffset(range.getBegin()), sm_.getFileOffset(end_of(range.getEnd()))});
  }
  bool inside_replaced(SourceLocation at) {
    unsigned const offset = sm_.getFileOffset(sm_.getExpansionLoc(at));
    for (auto const& r : replaced_)
      if (offset >= r.begin && offset < r.end) return true;
    return false;
  }

  static std::string quoted(std::string const& s) {
    std::string out = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out + "\"";
  }

  ASTContext& ast_;
  SourceManager& sm_;
  Rewriter& rw_;
  RewriteInput const& in_;
  RewriteOutput& out_;
  Diagnostics& diags_;
  ConstantArguments constants_{ast_};
  std::vector<Replaced> replaced_;
  std::set<VarDecl const*> dynamic_shared_;
  std::set<unsigned> shared_done_;
  int variable_count_ = 0;
};

// The columns of each edited line: where each byte of the preprocessed line is in the rewritten one.
void record_columns(Rewriter const& rw, SourceManager const& sm, RewriteInput const& in, RewriteOutput& out) {
  // The edits keep the lines; were they not to, no column could be placed.
  if (std::count(in.text.begin(), in.text.end(), '\n') != std::count(out.text.begin(), out.text.end(), '\n')) return;
  SourceLocation const file_start = sm.getLocForStartOfFile(sm.getMainFileID());
  size_t from = 0, to = 0;
  for (unsigned line = 1; from <= in.text.size() && to <= out.text.size(); ++line) {
    size_t const from_end = std::min(in.text.find('\n', from), in.text.size());
    size_t const to_end = std::min(out.text.find('\n', to), out.text.size());
    std::string_view const before(in.text.data() + from, from_end - from), after(out.text.data() + to, to_end - to);
    if (before != after && before.size() <= 4096) {
      std::vector<unsigned> columns(before.size() + 1);
      SourceLocation const start = file_start.getLocWithOffset(static_cast<int>(from));
      for (unsigned c = 0; c <= before.size(); ++c) {
        int const size =
            rw.getRangeSize(CharSourceRange::getCharRange(start, start.getLocWithOffset(static_cast<int>(c))));
        columns[c] = std::max({0, size, c == 0 ? 0 : static_cast<int>(columns[c - 1])});
      }
      out.columns.emplace(line, std::move(columns));
    }
    from = from_end + 1;
    to = to_end + 1;
  }
}

class Consumer : public ASTConsumer {
public:
  Consumer(RewriteInput const& in, RewriteOutput& out, Diagnostics& diags) : in_(in), out_(out), diags_(diags) {}
  void HandleTranslationUnit(ASTContext& ast) override {
    diags_.set_source_manager(ast.getSourceManager());
    // Some errors are found only by the compile (a kernel's body, in the host pass, is device
    // code, whose errors clang defers): a refusal stops the pass here in any case.
    Refusals refusals(ast, diags_);
    refusals.TraverseDecl(ast.getTranslationUnitDecl());
    if (ast.getDiagnostics().hasErrorOccurred() || refusals.found()) return;
    Rewriter rw(ast.getSourceManager(), ast.getLangOpts());
    Rewriting(ast, rw, in_, out_, diags_).TraverseDecl(ast.getTranslationUnitDecl());
    FileID const main = ast.getSourceManager().getMainFileID();
    if (llvm::RewriteBuffer const* buffer = rw.getRewriteBufferFor(main)) {
      out_.text.assign(buffer->begin(), buffer->end());
      record_columns(rw, ast.getSourceManager(), in_, out_);
    } else {
      out_.text = in_.text;
    }
  }

private:
  RewriteInput const& in_;
  RewriteOutput& out_;
  Diagnostics& diags_;
};

class Action : public ASTFrontendAction {
public:
  Action(RewriteInput const& in, RewriteOutput& out) : in_(in), out_(out), diags_(in) {}
  bool BeginSourceFileAction(CompilerInstance& ci) override {
    ci.getDiagnostics().setClient(&diags_, /*ShouldOwnClient=*/false);
    diags_.set_source_manager(ci.getSourceManager());
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance&, StringRef) override {
    return std::make_unique<Consumer>(in_, out_, diags_);
  }
  // While the source manager lives: every diagnostic, rendered at the user's place.
  void EndSourceFileAction() override { out_.errors = diags_.render(); }

private:
  RewriteInput const& in_;
  RewriteOutput& out_;
  Diagnostics diags_;
};

} // namespace

RewriteOutput rewrite(RewriteInput const& in) {
  RewriteOutput out;
  // -w: the compile of the rewritten pass reports the warnings; the user's -W options still
  // decide here which diagnostics are errors (-Wno-error=..., -Wno-c++11-narrowing).
  std::vector<std::string> args = {"-x",
                                   "hip",
                                   "--cuda-host-only",
                                   "-nogpuinc",
                                   "-nogpulib",
                                   "-fgpu-defer-diag",
                                   "-w",
                                   "-fno-caret-diagnostics"}; // nor clang's "N errors generated"
  args.insert(args.end(), in.args.begin(), in.args.end());
  bool const parsed = clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<Action>(in, out), in.text, args, (in.name == "-" ? "stdin" : in.name) + ".ii", "wavemma-hipcc");
  if (!parsed && out.errors.empty()) out.errors.push_back(in.name + ": error: the HIP front end could not parse it\n");
  return out;
}

} // namespace wavemma::hipcc
