/* GenSwitch21.java - writes Switch21.class: what javac 21 emits for pattern
 * switches (typeSwitch with EnumDesc labels, built by dynamic constants
 * ConstantBootstraps.invoke(EnumDesc.of, ConstantBootstraps.invoke(
 * ClassDesc.of, "E21"), "B")), which javac 17 cannot produce.  Uses the
 * JDK's internal copy of ASM:
 *   javac --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED ...
 *   java  --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED GenSwitch21 OUTDIR
 * Switch21.ts(Object, int)I has the labels
 *   0 E21.B   1 "x"   2 7   3 E21.C   4 Integer.class   5 E21.class   6 Object.class
 * and Switch21.es(E21, int)I (enumSwitch) has   0 "C"   1 E21.class;
 * Switch21.mx(Throwable) throws new MatchException(cause.toString(), cause)
 * as javac 21 does when a record pattern's accessor throws. */
import jdk.internal.org.objectweb.asm.*;
import java.nio.file.*;

public class GenSwitch21 implements Opcodes {
    static final String BSM_DESC = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;"
        + "Ljava/lang/invoke/MethodType;[Ljava/lang/Object;)Ljava/lang/invoke/CallSite;";
    static final Handle INVOKE = new Handle(H_INVOKESTATIC, "java/lang/invoke/ConstantBootstraps", "invoke",
        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;"
        + "Ljava/lang/invoke/MethodHandle;[Ljava/lang/Object;)Ljava/lang/Object;", false);

    static ConstantDynamic enumDesc(String cls, String name) {
        ConstantDynamic cd = new ConstantDynamic("invoke", "Ljava/lang/constant/ClassDesc;", INVOKE,
            new Handle(H_INVOKESTATIC, "java/lang/constant/ClassDesc", "of",
                       "(Ljava/lang/String;)Ljava/lang/constant/ClassDesc;", true), cls);
        return new ConstantDynamic("invoke", "Ljava/lang/constant/EnumDesc;", INVOKE,
            new Handle(H_INVOKESTATIC, "java/lang/constant/EnumDesc", "of",
                       "(Ljava/lang/constant/ClassDesc;Ljava/lang/String;)Ljava/lang/constant/EnumDesc;", false),
            cd, name);
    }

    static void method(ClassWriter cw, String name, String desc, String bsm, Object... labels) {
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, name, desc, null, null);
        mv.visitCode();
        mv.visitVarInsn(ALOAD, 0);
        mv.visitVarInsn(ILOAD, 1);
        mv.visitInvokeDynamicInsn(bsm, desc,
            new Handle(H_INVOKESTATIC, "java/lang/runtime/SwitchBootstraps", bsm, BSM_DESC, false), labels);
        mv.visitInsn(IRETURN);
        mv.visitMaxs(2, 2);
        mv.visitEnd();
    }

    public static void main(String[] args) throws Exception {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(V17, ACC_PUBLIC | ACC_SUPER, "Switch21", null, "java/lang/Object", null);
        method(cw, "ts", "(Ljava/lang/Object;I)I", "typeSwitch",
               enumDesc("E21", "B"), "x", 7, enumDesc("E21", "C"), Type.getObjectType("java/lang/Integer"),
               Type.getObjectType("E21"), Type.getObjectType("java/lang/Object"));
        method(cw, "es", "(LE21;I)I", "enumSwitch", "C", Type.getObjectType("E21"));
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "mx", "(Ljava/lang/Throwable;)V", null, null);
        mv.visitCode();
        mv.visitTypeInsn(NEW, "java/lang/MatchException");
        mv.visitInsn(DUP);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitMethodInsn(INVOKEVIRTUAL, "java/lang/Throwable", "toString", "()Ljava/lang/String;", false);
        mv.visitVarInsn(ALOAD, 0);
        mv.visitMethodInsn(INVOKESPECIAL, "java/lang/MatchException", "<init>",
                           "(Ljava/lang/String;Ljava/lang/Throwable;)V", false);
        mv.visitInsn(ATHROW);
        mv.visitMaxs(4, 1);
        mv.visitEnd();
        cw.visitEnd();
        Files.write(Paths.get(args[0], "Switch21.class"), cw.toByteArray());
    }
}
