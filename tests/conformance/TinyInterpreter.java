// A tiny stack-machine language: compile a source text into instructions and interpret them.
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class TinyInterpreter {
    static final int PUSH = 0, LOAD = 1, STORE = 2, ADD = 3, SUB = 4, MUL = 5, DIV = 6, MOD = 7, LT = 8, JZ = 9, JMP = 10,
        PRINT = 11, DUP = 12, HALT = 13, EQ = 14;
    static final String[] NAMES = {"push", "load", "store", "add", "sub", "mul", "div", "mod", "lt", "jz", "jmp", "print", "dup", "halt", "eq"};

    static int[] assemble(String src, Map<String, Integer> vars) {
        List<Integer> code = new ArrayList<Integer>();
        Map<String, Integer> labels = new HashMap<String, Integer>();
        List<String[]> lines = new ArrayList<String[]>();
        for (String raw : src.split("\n")) {
            String line = raw.trim();
            if (line.isEmpty() || line.startsWith("#")) continue;
            if (line.endsWith(":")) { labels.put(line.substring(0, line.length() - 1), lines.size() * 2); continue; }
            List<String> toks = new ArrayList<String>();
            for (String tok : line.split(" ")) if (!tok.isEmpty()) toks.add(tok);
            lines.add(toks.toArray(new String[0]));
        }
        for (String[] ins : lines) {
            int op = -1;
            for (int i = 0; i < NAMES.length; i++) if (NAMES[i].equals(ins[0])) op = i;
            if (op < 0) throw new IllegalArgumentException("unknown op " + ins[0]);
            code.add(op);
            int arg = 0;
            if (ins.length > 1) {
                String a = ins[1];
                if (op == LOAD || op == STORE) {
                    Integer slot = vars.get(a);
                    if (slot == null) { slot = vars.size(); vars.put(a, slot); }
                    arg = slot;
                } else if (op == JZ || op == JMP) {
                    arg = labels.get(a);
                } else {
                    arg = Integer.parseInt(a);
                }
            }
            code.add(arg);
        }
        int[] out = new int[code.size()];
        for (int i = 0; i < out.length; i++) out[i] = code.get(i);
        return out;
    }
    static long run(int[] code, int nvars, StringBuilder out) {
        long[] stack = new long[64];
        long[] vars = new long[nvars];
        int sp = 0, pc = 0;
        long steps = 0;
        while (true) {
            int op = code[pc], arg = code[pc + 1];
            pc += 2;
            steps++;
            switch (op) {
                case PUSH: stack[sp++] = arg; break;
                case LOAD: stack[sp++] = vars[arg]; break;
                case STORE: vars[arg] = stack[--sp]; break;
                case ADD: sp--; stack[sp - 1] += stack[sp]; break;
                case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
                case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
                case DIV: sp--; stack[sp - 1] /= stack[sp]; break;
                case MOD: sp--; stack[sp - 1] %= stack[sp]; break;
                case LT: sp--; stack[sp - 1] = stack[sp - 1] < stack[sp] ? 1 : 0; break;
                case EQ: sp--; stack[sp - 1] = stack[sp - 1] == stack[sp] ? 1 : 0; break;
                case JZ: if (stack[--sp] == 0) pc = arg; break;
                case JMP: pc = arg; break;
                case PRINT: out.append(stack[--sp]).append(' '); break;
                case DUP: stack[sp] = stack[sp - 1]; sp++; break;
                case HALT: return steps;
                default: throw new IllegalStateException("bad op " + op);
            }
        }
    }
    public static void main(String[] args) {
        String fizz = "push 1\nstore i\nloop:\nload i\npush 31\nlt\njz end\nload i\npush 15\nmod\npush 0\neq\njz notfb\npush -15\nprint\njmp next\n"
            + "notfb:\nload i\npush 3\nmod\npush 0\neq\njz not3\npush -3\nprint\njmp next\nnot3:\nload i\nprint\nnext:\nload i\npush 1\nadd\nstore i\njmp loop\nend:\nhalt";
        String primes = "# count primes below 3000 by trial division\npush 2\nstore n\npush 0\nstore count\nouter:\nload n\npush 3000\nlt\njz done\n"
            + "push 2\nstore d\ninner:\nload d\nload d\nmul\nload n\npush 1\nadd\nlt\njz prime\nload n\nload d\nmod\njz composite\n"
            + "load d\npush 1\nadd\nstore d\njmp inner\nprime:\nload count\npush 1\nadd\nstore count\ncomposite:\nload n\npush 1\nadd\nstore n\njmp outer\n"
            + "done:\nload count\nprint\nhalt";
        String[] progs = {fizz, primes};
        for (String p : progs) {
            Map<String, Integer> vars = new HashMap<String, Integer>();
            int[] code = assemble(p, vars);
            StringBuilder out = new StringBuilder();
            long steps = run(code, vars.size(), out);
            System.out.println(out.toString().trim());
            System.out.println("instructions " + code.length / 2 + " steps " + steps);
        }
        try {
            assemble("bogus 1", new HashMap<String, Integer>());
        } catch (IllegalArgumentException e) {
            System.out.println("error: " + e.getMessage());
        }
    }
}
