// -Xmaxcode: a main class with more bytecode than allowed is refused at
// load time with a LinkageError (nothing runs).
// args: -Xmaxcode:64
// expect-status: 1
// expect-stderr: vifvm: code limit \(64\) reached loading MaxCode
// reject-stdout: ran
public class MaxCode {
    public static void main(String[] args) {
        int s = 0;
        for (int i = 0; i < 10; i++) s += i * i + (i << 3) - (i >> 1);
        for (int i = 0; i < 10; i++) s ^= i * 31 + s;
        System.out.println("ran " + s);
    }
}
