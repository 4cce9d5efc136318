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

#include <set>
#include <utility>

namespace wavemma::hipcc {
namespace {

using namespace clang;

// A range of the buffer that an edit has replaced: nothing inside it may be edited again.
struct Replaced {
  unsigned begin, end;
};

class Rewriting : public RecursiveASTVisitor<Rewriting> {
public:
  Rewriting(ASTContext& ast, Rewriter& rw, RewriteInput const& in, RewriteOutput& out)
      : ast_(ast), sm_(ast.getSourceManager()), rw_(rw), in_(in), out_(out) {}

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
      bool const free_function = !isa<CXXMethodDecl>(fn);
      // The device pass keeps host functions that a declaration could not stand for: internal,
      // inline or template ones, which its own (never run) host code may call.
      bool const declarable = in_.side == Side::kHost || (fn->isExternallyVisible() && !fn->isInlined() &&
                                                          !fn->isTemplated() && !fn->isInlineSpecified());
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
              "(*reinterpret_cast<" + elem + "(*)[]>(::wavemma::simt::hip::detail::dynamic_shared_memory()))");
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
              fmt::format("{{ {} ::wavemma::simt::hip::detail::launch_stub({}, __wavemma_kernel_name, {{{}}}); }}", key,
                          file, joined("::wavemma::simt::hip::detail::address_of({})")));
      return true;
    }
    rw_.InsertTextAfterToken(
        body->getLBracLoc(),
        fmt::format(" {} struct __wavemma_kernel_key {{ "
                    "static char const* file() {{ return {}; }} "
                    "static char const* name() {{ return __wavemma_kernel_name; }} "
                    "static char const* target() {{ return {}; }} "
                    "static int wave() {{ return {}; }} "
                    "static void run(void** __wavemma_args) {{ ::wavemma::simt::hip::detail::invoke<{}>("
                    "[](auto... __wavemma_a) {{ {}{}(__wavemma_a...); }}, __wavemma_args); }} }}; "
                    "(void)::__wavemma_kernel_registered<__wavemma_kernel_key>::value;",
                    key, file, quoted(in_.target), in_.wave, joined("decltype({})"), fn->getNameAsString(),
                    template_arguments(fn)));
    return true;
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
            ? fmt::format("::wavemma::simt::hip::detail::register_host_shadow({}, "
                          "::wavemma::simt::hip::detail::address_of({}))",
                          key, var->getName().str())
            : fmt::format("::wavemma::simt::hip::detail::register_device_variable({}, {}, {}, "
                          "::wavemma::simt::hip::detail::address_of({}), sizeof({}))",
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
      bool VisitDeclRefExpr(DeclRefExpr* ref) {
        auto const* fn = dyn_cast<FunctionDecl>(ref->getDecl());
        if (fn && fn->getBuiltinID() != 0 && fn->getName().starts_with("__builtin_amdgcn_"))
          self->error(ref->getBeginLoc(),
                      fn->getName().str() + " is not emulated by wavemma (docs/simt.md lists what is)");
        else if (fn && (fn->getName().starts_with("__ockl_") || fn->getName().starts_with("__ocml_")))
          self->error(ref->getBeginLoc(), fn->getName().str() + " (ROCm device library) is not emulated by wavemma");
        return true;
      }
    } finder;
    finder.self = this;
    finder.TraverseStmt(const_cast<Stmt*>(body));
  }

  // --- helpers ----------------------------------------------------------------------------------
  bool error(SourceLocation at, std::string const& what) {
    PresumedLoc const p = sm_.getPresumedLoc(sm_.getExpansionLoc(at));
    out_.errors.push_back(p.isValid()
                              ? fmt::format("{}:{}:{}: error: {}", p.getFilename(), p.getLine(), p.getColumn(), what)
                              : fmt::format("{}: error: {}", in_.name, what));
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

  void replace(SourceRange range, std::string const& with) {
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
  std::vector<Replaced> replaced_;
  std::set<VarDecl const*> dynamic_shared_;
  std::set<unsigned> shared_done_;
  int variable_count_ = 0;
};

class Consumer : public ASTConsumer {
public:
  Consumer(RewriteInput const& in, RewriteOutput& out) : in_(in), out_(out) {}
  void HandleTranslationUnit(ASTContext& ast) override {
    if (ast.getDiagnostics().hasErrorOccurred()) return;
    Rewriter rw(ast.getSourceManager(), ast.getLangOpts());
    Rewriting(ast, rw, in_, out_).TraverseDecl(ast.getTranslationUnitDecl());
    FileID const main = ast.getSourceManager().getMainFileID();
    if (llvm::RewriteBuffer const* buffer = rw.getRewriteBufferFor(main))
      out_.text.assign(buffer->begin(), buffer->end());
    else
      out_.text = in_.text;
  }

private:
  RewriteInput const& in_;
  RewriteOutput& out_;
};

class Action : public ASTFrontendAction {
public:
  Action(RewriteInput const& in, RewriteOutput& out) : in_(in), out_(out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance&, StringRef) override {
    return std::make_unique<Consumer>(in_, out_);
  }

private:
  RewriteInput const& in_;
  RewriteOutput& out_;
};

} // namespace

RewriteOutput rewrite(RewriteInput const& in) {
  RewriteOutput out;
  std::vector<std::string> args = {"-x", "hip", "--cuda-host-only", "-nogpuinc", "-nogpulib", "-fgpu-defer-diag", "-w"};
  args.insert(args.end(), in.args.begin(), in.args.end());
  bool const parsed = clang::tooling::runToolOnCodeWithArgs(std::make_unique<Action>(in, out), in.text, args,
                                                            in.name + ".ii", "wavemma-hipcc");
  if (!parsed && out.errors.empty()) out.errors.push_back(in.name + ": error: the HIP front end could not parse it");
  return out;
}

} // namespace wavemma::hipcc
