// Interface initialization: constants do not trigger it; non-constant fields do; implementing
// classes do not initialize interfaces without default methods; interfaces with default methods
// are initialized when an implementing class is (JVMS 5.5 step 7).
public class StaticInitInterface {
    static StringBuilder log = new StringBuilder();
    static int mark(String s) { log.append(s).append(' '); return s.length(); }

    interface Plain {
        int CONST = 7;
        int NONCONST = mark("Plain.init");
        void run();
    }
    interface WithDefault {
        int NC = mark("WithDefault.init");
        default String hello() { return "hello"; }
    }
    interface Sub extends Plain {
        int SUBNC = mark("Sub.init");
    }
    static class Impl implements Plain {
        static { mark("Impl.clinit"); }
        public void run() { mark("Impl.run"); }
    }
    static class DefImpl implements WithDefault {
        static { mark("DefImpl.clinit"); }
    }
    static class SubImpl implements Sub {
        static { mark("SubImpl.clinit"); }
        public void run() { }
    }
    public static void main(String[] args) {
        mark("start");
        mark("const=" + Plain.CONST);
        Impl i = new Impl();
        i.run();
        mark("after Impl");
        mark("nonconst=" + Plain.NONCONST);
        new DefImpl();
        mark("after DefImpl");
        new SubImpl();
        mark("after SubImpl");
        mark("subnc=" + Sub.SUBNC);
        System.out.println(log.toString().trim().replace(' ', '\n'));
        System.out.println(new DefImpl().hello());
    }
}
